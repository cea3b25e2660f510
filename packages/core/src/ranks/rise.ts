import { rankDefinition } from '../rank.ts';
import { keepAmount, RANK_UP_BONUS, TOP_RANK } from './index.ts';

/**
 * How a credited payment raises a rank (ADR 0035, issue 19 §2). A rank never held before is reached when total_buy
 * passes the threshold below it (ADR 0021). A rank held before and lost at a month end comes back only when, in
 * addition, this JST month's payments reach its keep amount: regaining costs what keeping it for the month would
 * have, so letting a rank lapse and buying it back is never the cheaper way to hold it.
 */
export interface RankClimb {
  /** The member's rank before the payment. */
  rank: number;
  /** The highest rank the member ever held (members.rank_peak); at least `rank`. */
  peak: number;
  /** Yen paid for courses in the member's life, this payment included. */
  totalBuy: number;
  /** Yen paid in the current JST month, this payment included. */
  monthBuy: number;
}

/** The rank after a payment: climbs one step at a time while the next step's rule holds; never lowers a rank. */
export function rankAfterPayment(c: RankClimb): number {
  let r = c.rank;
  while (r < TOP_RANK && canStepUp(r, c)) r++;
  return r;
}

function canStepUp(from: number, c: RankClimb): boolean {
  const threshold = rankDefinition(from).rankUpCount;
  if (threshold <= 0 || c.totalBuy < threshold) return false;
  const regain = from + 1 <= c.peak;
  return !regain || c.monthBuy >= keepAmount(from + 1);
}

export interface RankUpReward {
  rank: number;
  /** Points paid for reaching the rank (ranks 2-6), 0 for a regained rank. */
  bonusPoint: number;
  /** Rank 7's 200,000-point card choice, reached for the first time. */
  card: boolean;
  /** The rank was held before: it comes back without a bonus. */
  regained: boolean;
}

/**
 * Each rank reached when a payment moves a member from `from` to `to`. A bonus (points for ranks 2-6, the card for
 * rank 7) belongs only to a rank above `peak`: each is paid once per member for life (the database holds it to that
 * with rank_bonuses_paid's key).
 */
export function rankUpRewards(from: number, to: number, peak: number): RankUpReward[] {
  const out: RankUpReward[] = [];
  for (let r = from + 1; r <= Math.min(to, TOP_RANK); r++) {
    const regained = r <= peak;
    out.push({
      rank: r,
      bonusPoint: regained ? 0 : (RANK_UP_BONUS[r] ?? 0),
      card: !regained && r === TOP_RANK,
      regained,
    });
  }
  return out;
}
