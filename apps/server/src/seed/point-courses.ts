import { courseInPurchaseRange } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { hasAnyPointCourse, insertPointCourse } from '../db/queries/seed.ts';
import { insertCoupon, type CouponSeed } from '../services/coupons.ts';

/** Point courses of the demo shop (1 point = 1 yen; bigger courses carry a small shop bonus in the memo). */
export const DEMO_COURSES: { point: number; price: number; memo: string; memoEn: string }[] = [
  { point: 500, price: 500, memo: 'お試しに', memoEn: 'To try it out' },
  { point: 1_000, price: 1_000, memo: '', memoEn: '' },
  { point: 3_000, price: 3_000, memo: '人気No.1', memoEn: 'Most popular' },
  { point: 5_000, price: 5_000, memo: '', memoEn: '' },
  { point: 10_000, price: 10_000, memo: '10連ガチャに', memoEn: 'For a 10-draw' },
  { point: 30_000, price: 30_000, memo: '', memoEn: '' },
  { point: 50_000, price: 50_000, memo: '1回の購入上限', memoEn: 'Largest single purchase' },
];

export const DEMO_COUPONS: CouponSeed[] = [
  { code: 'WELCOME500', kind: 'points', point: 500, perMemberLimit: 1, memo: '新規登録キャンペーン' },
  { code: 'BONUS10', kind: 'bonus', bonusPercent: 10, perMemberLimit: 1, memo: '次回ポイント購入10%ボーナス' },
  { code: 'LIMITED100', kind: 'points', point: 100, maxUses: 100, perMemberLimit: 1, memo: '先着100名' },
];

export async function seedPointCourses(ctx: AppContext): Promise<void> {
  if (await hasAnyPointCourse(ctx.db.pool)) return;
  for (const [i, c] of DEMO_COURSES.entries()) {
    // The migration's CHECK refuses these too; checking here names the bad course instead of a SQL error.
    if (!courseInPurchaseRange(c.point)) throw new Error(`course of ${c.point} points is outside 300–50,000`);
    await insertPointCourse(ctx.db.pool, { ...c, sort: i });
  }
  for (const c of DEMO_COUPONS) await insertCoupon(ctx.db.pool, c);
}
