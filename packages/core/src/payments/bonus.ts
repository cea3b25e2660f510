import { PURCHASE_MAX_POINTS, PURCHASE_MIN_POINTS } from '../contract/payments.ts';
import { rankDefinition } from '../rank.ts';

/**
 * Rank bonus points for a purchase: floor(point × (discount − 1)). Integer maths on per-mille so that
 * 1.05 × 1000 rounding noise never gives 49 instead of 50.
 */
export function rankBonusPoints(point: number, discount: number): number {
  const perMille = Math.round(discount * 1000) - 1000;
  if (perMille <= 0) return 0;
  return Math.floor((point * perMille) / 1000);
}

export function rankBonusForMember(point: number, rank: number): number {
  return rankBonusPoints(point, rankDefinition(rank).discount);
}

/** A course may be bought only inside the purchase range (spec section 9). */
export function courseInPurchaseRange(point: number): boolean {
  return Number.isSafeInteger(point) && point >= PURCHASE_MIN_POINTS && point <= PURCHASE_MAX_POINTS;
}

/** Bonus of a coupon on a course: a fixed number of points, or a percentage of the course's points (floored). */
export function couponBonusPoints(point: number, coupon: { bonusPoint: number; bonusPercent: number }): number {
  return coupon.bonusPoint + Math.floor((point * coupon.bonusPercent) / 100);
}
