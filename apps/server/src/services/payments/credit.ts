import { couponBonusPoints, rankAfterPurchase } from '@oripa/core';
import type { PoolClient } from 'pg';
import { lockPendingBonus, markCouponUseApplied } from '../../db/queries/coupons.ts';
import {
  addMemberPurchase,
  setMemberRank,
  setPaymentCouponPoint,
  setPaymentCouponUse,
} from '../../db/queries/payment-credits.ts';
import type { PaymentRow } from '../../db/queries/payments.ts';
import { changeCoins, grantPoints } from '../ledger.ts';
import { recordPurchaseForRank } from '../programmes/ranks/rank-ups.ts';

/**
 * Credits a payment that has just become 'succeeded', inside the caller's transaction (which holds the payment
 * row lock). Decision (ADR 0003): the course's points are a PAID lot; the rank bonus and a coupon bonus are
 * separate FREE lots, so they are spent first and show as their own history rows.
 */
export async function creditPayment(tx: PoolClient, p: PaymentRow, now: Date): Promise<{ coupon: number }> {
  const ref = { refType: 'payment', refId: p.id };
  if (p.currency === 'coin') {
    // A coin course (ADR 0020): the coins only; no rank or coupon bonus, but the yen count for the rank.
    await changeCoins(tx, {
      memberId: p.member_id,
      amount: p.point,
      reason: 'coin_purchase',
      memo: `${p.point}coin`,
      now,
      ...ref,
    });
    await rankPurchase(tx, p, now);
    return { coupon: 0 };
  }
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
  await rankPurchase(tx, p, now);
  await setPaymentCouponPoint(tx, p.id, coupon);
  return { coupon };
}

/** The payment's yen join total_buy and the month's purchases; a crossed threshold raises the rank (ADR 0021). */
async function rankPurchase(tx: PoolClient, p: PaymentRow, now: Date): Promise<void> {
  const m = await addMemberPurchase(tx, p.member_id, p.amount);
  const next = rankAfterPurchase(Number(m.rank), Number(m.total_buy));
  if (next > Number(m.rank)) await setMemberRank(tx, p.member_id, next);
  await recordPurchaseForRank(tx, {
    memberId: p.member_id,
    amount: p.amount,
    paymentId: p.id,
    fromRank: Number(m.rank),
    toRank: Math.max(next, Number(m.rank)),
    now,
  });
}

/** The member's waiting bonus coupon (at most one), applied to this purchase and marked used, under a row lock. */
async function applyPendingCouponBonus(tx: PoolClient, p: PaymentRow, now: Date): Promise<number> {
  const use = await lockPendingBonus(tx, p.member_id);
  if (!use) return 0;
  const bonus = couponBonusPoints(p.point, { bonusPoint: Number(use.point), bonusPercent: Number(use.bonus_percent) });
  await markCouponUseApplied(tx, use.id, p.id, bonus, now);
  await setPaymentCouponUse(tx, p.id, use.id);
  return bonus;
}
