import type { AppContext } from '../context.ts';
import { hasAnyCoinCourse, insertCoinCourse } from '../db/queries/seed.ts';

/** Coin courses of the demo shop (issue 11, ADR 0020): 1 coin = 1 yen, bought like points. */
export const DEMO_COIN_COURSES: { point: number; price: number; memo: string; memoEn: string }[] = [
  { point: 500, price: 500, memo: 'ランク維持のお試しに', memoEn: 'To try rank maintenance' },
  { point: 1_000, price: 1_000, memo: '', memoEn: '' },
  { point: 3_000, price: 3_000, memo: 'コインパックに', memoEn: 'For coin packs' },
  { point: 10_000, price: 10_000, memo: '', memoEn: '' },
];

/** The coin courses (only into a shop that has none). */
export async function seedCoinCourses(ctx: AppContext): Promise<void> {
  if (await hasAnyCoinCourse(ctx.db.pool)) return;
  for (const [i, c] of DEMO_COIN_COURSES.entries()) await insertCoinCourse(ctx.db.pool, { ...c, sort: i });
}
