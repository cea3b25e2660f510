import { sha256Hex, utf8 } from '../fairness/sha256.ts';

/** One line of the daily draw's published prize table: `weight` chances out of the table's total. */
export interface DailyPrize {
  point: number;
  weight: number;
}

/**
 * The daily draw's prize table (spec section 9: a 2,000-point chance), committed in the repository and published
 * on the draw page with its digest. Weights out of 1,000: 2,000 P once in 100 draws; the expected value is 32 P.
 * A change is a new version: the digest stored with each day's seed names the table that day used.
 */
export const DAILY_PRIZE_TABLE: readonly DailyPrize[] = [
  { point: 2000, weight: 10 },
  { point: 100, weight: 40 },
  { point: 30, weight: 150 },
  { point: 10, weight: 400 },
  { point: 0, weight: 400 },
];

export const DAILY_DRAW_ALGORITHM = 'sha256-ctr-weighted-v1';

/** The digest of a table: SHA-256 of its canonical JSON (point and weight, in order). */
export function prizeTableDigest(table: readonly DailyPrize[]): string {
  return sha256Hex(utf8(JSON.stringify(table.map((p) => [p.point, p.weight]))));
}

export const totalWeight = (table: readonly DailyPrize[]) => table.reduce((s, p) => s + p.weight, 0);
