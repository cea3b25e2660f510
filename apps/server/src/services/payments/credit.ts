import { couponBonusPoints, rankAfterPurchase } from '@oripa/core';
import type { PoolClient } from 'pg';
import { grantPoints } from '../ledger.ts';
import type { PaymentRow } from './store.ts';

/**
 * Credits a payment that has just become 'succeeded', inside the caller's transaction (which holds the payment
 * row lock). Decision (ADR 0003): the course's points are a PAID lot; the rank bonus and a coupon bonus are
 * separate FREE lots, so they are spent first and show as their own history rows.
 */
export async function creditPayment(tx: PoolClient, p: PaymentRow, now: Date): Promise<{ coupon: number }> {
  const ref = { refType: 'payment', refId: p.id };
  await grantPoints(tx, {
    memberId: p.member_id,
    amount: p.point,
    kind: 'paid',
    reason: 'point_purchase',
    memo: `${p.point}pt`,
    now,
    ...ref,
  });
  if (p.append_point > 0) {
    await grantPoints(tx, {
      memberId: p.member_id,
      amount: p.append_point,
      kind: 'free',
      reason: 'rank_bonus',
      now,
      ...ref,
    });
  }
  const coupon = await applyPendingCouponBonus(tx, p, now);
  if (coupon > 0) {
    await grantPoints(tx, { memberId: p.member_id, amount: coupon, kind: 'free', reason: 'coupon_bonus', now, ...ref });
  }
  const { rows } = await tx.query<{ rank: number; total_buy: number }>(
    `UPDATE members SET total_buy = total_buy + $2, last_activity_at = $3, updated_at = now()
     WHERE id = $1 RETURNING rank, total_buy`,
    [p.member_id, p.amount, now],
  );
  const m = rows[0]!;
  const next = rankAfterPurchase(Number(m.rank), Number(m.total_buy));
  if (next > Number(m.rank)) await tx.query('UPDATE members SET rank = $2 WHERE id = $1', [p.member_id, next]);
  await tx.query('UPDATE payments SET coupon_point = $2 WHERE id = $1', [p.id, coupon]);
  return { coupon };
}

/** The member's waiting bonus coupon (at most one), applied to this purchase and marked used, under a row lock. */
async function applyPendingCouponBonus(tx: PoolClient, p: PaymentRow, now: Date): Promise<number> {
  const { rows } = await tx.query<{ id: number; point: number; bonus_percent: number }>(
    `SELECT u.id, c.point, c.bonus_percent FROM coupon_uses u JOIN coupons c ON c.id = u.coupon_id
     WHERE u.member_id = $1 AND u.status = 'pending' FOR UPDATE OF u`,
    [p.member_id],
  );
  const use = rows[0];
  if (!use) return 0;
  const bonus = couponBonusPoints(p.point, { bonusPoint: Number(use.point), bonusPercent: Number(use.bonus_percent) });
  await tx.query(
    `UPDATE coupon_uses SET status = 'applied', payment_id = $2, point = $3, applied_at = $4 WHERE id = $1`,
    [use.id, p.id, bonus, now],
  );
  await tx.query('UPDATE payments SET coupon_use_id = $2 WHERE id = $1', [p.id, use.id]);
  return bonus;
}
