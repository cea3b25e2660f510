import { maybeOne, type Queryable } from '../queryable.ts';

/** What crediting a payment writes besides the ledger (services/payments/credit.ts, in the payment's transaction). */

export async function setPaymentCouponPoint(tx: Queryable, id: number, couponPoint: number): Promise<void> {
  await tx.query('UPDATE payments SET coupon_point = $2 WHERE id = $1', [id, couponPoint]);
}

export async function setPaymentCouponUse(tx: Queryable, id: number, couponUseId: number): Promise<void> {
  await tx.query('UPDATE payments SET coupon_use_id = $2 WHERE id = $1', [id, couponUseId]);
}

/**
 * Adds a payment's yen to total_buy, under the member's row lock. `peak` is the highest rank ever held (ADR 0035),
 * at least the rank itself (a rank set directly counts as held). It does not move last_activity_at: a coin purchase
 * is not one of the idle rule's activities, and a point purchase moves it with its grant (services/ledger.ts; ADR 0037).
 */
export async function addMemberPurchase(
  tx: Queryable,
  memberId: number,
  amount: number,
): Promise<{ rank: number; peak: number; total_buy: number }> {
  const row = await maybeOne<{ rank: number; peak: number; total_buy: string }>(
    tx,
    `UPDATE members SET total_buy = total_buy + $2, updated_at = now()
     WHERE id = $1 RETURNING rank, GREATEST(rank_peak, rank) AS peak, total_buy`,
    [memberId, amount],
  );
  return { rank: Number(row!.rank), peak: Number(row!.peak), total_buy: Number(row!.total_buy) };
}

/** Raises (or sets) the rank; the peak keeps the highest rank held. */
export async function setMemberRank(tx: Queryable, memberId: number, rank: number): Promise<void> {
  await tx.query('UPDATE members SET rank = $2, rank_peak = GREATEST(rank_peak, $2) WHERE id = $1', [memberId, rank]);
}
