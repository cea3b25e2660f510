import { maybeOne, type Queryable } from '../queryable.ts';

/** What crediting a payment writes besides the ledger (services/payments/credit.ts, in the payment's transaction). */

export async function setPaymentCouponPoint(tx: Queryable, id: number, couponPoint: number): Promise<void> {
  await tx.query('UPDATE payments SET coupon_point = $2 WHERE id = $1', [id, couponPoint]);
}

export async function setPaymentCouponUse(tx: Queryable, id: number, couponUseId: number): Promise<void> {
  await tx.query('UPDATE payments SET coupon_use_id = $2 WHERE id = $1', [id, couponUseId]);
}

/**
 * Adds a credited payment to the member's purchase total (what the rank follows); returns rank and total. It does
 * not move last_activity_at: a coin purchase is not one of the idle rule's activities, and a point purchase moves
 * it with its grant (services/ledger.ts; ADR 0037).
 */
export async function addMemberPurchase(
  tx: Queryable,
  memberId: number,
  amount: number,
): Promise<{ rank: number; total_buy: number }> {
  const row = await maybeOne<{ rank: number; total_buy: number }>(
    tx,
    `UPDATE members SET total_buy = total_buy + $2, updated_at = now() WHERE id = $1 RETURNING rank, total_buy`,
    [memberId, amount],
  );
  return row!;
}

export async function setMemberRank(tx: Queryable, memberId: number, rank: number): Promise<void> {
  await tx.query('UPDATE members SET rank = $2 WHERE id = $1', [memberId, rank]);
}
