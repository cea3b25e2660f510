import { canTransition, type PaymentStatus } from '@oripa/core';
import type { PoolClient } from 'pg';
import type { AppContext } from '../../context.ts';
import {
  insertPaymentEvent,
  lockPayment,
  updatePaymentStatus,
  type PaymentChanges,
  type PaymentRow,
} from '../../db/queries/payments.ts';
import { lockReferralPair } from '../../db/queries/referrals.ts';
import { withTransaction } from '../../db/transaction.ts';
import { mailCreditedPayment } from '../../mail/payment-mails.ts';
import { payReferralOnFirstPurchase } from '../programmes/referral/referral.ts';
import { creditPayment } from './credit.ts';

/**
 * Moves a locked payment along the state machine and records the event. Returns false (and changes nothing)
 * when the move is not allowed, e.g. any move out of a terminal state.
 */
async function transition(
  tx: PoolClient,
  p: PaymentRow,
  to: PaymentStatus,
  source: string,
  now: Date,
  set: PaymentChanges = {},
): Promise<boolean> {
  if (p.status === to || !canTransition(p.status, to)) return false;
  await updatePaymentStatus(tx, p.id, to, now, set);
  await insertPaymentEvent(tx, p.id, p.status, to, source, set.failureReason ? { reason: set.failureReason } : {});
  p.status = to;
  return true;
}

export interface ApplyOptions extends PaymentChanges {
  /** When the provider reports an amount, it must equal ours (checked under the lock). */
  amount?: number;
  /** Runs in the same transaction, after the move (or the refusal to move), while the row lock is held. */
  inTx?: (tx: PoolClient, changed: boolean, from: PaymentStatus) => Promise<void>;
}

/**
 * The single place a payment changes state: locks the row, refuses moves the state machine forbids (nothing
 * leaves a terminal state, so a completion after cancel/expiry or a second completion changes nothing) and
 * credits the points, and queues the receipt mail, in the same transaction as the move to 'succeeded'.
 */
export async function applyStatus(
  ctx: AppContext,
  paymentId: number,
  to: PaymentStatus,
  source: string,
  opts: ApplyOptions = {},
): Promise<PaymentRow & { changed: boolean }> {
  const moved = await withTransaction(ctx.db, (tx) => applyStatusIn(ctx, tx, paymentId, to, source, opts));
  countTransition(ctx, moved, to);
  return moved;
}

/**
 * applyStatus inside the caller's transaction (the console's bank-transfer reconciliation writes its audit row in
 * it): the same lock, state machine, credit and mail. The caller counts the move with countTransition once
 * committed.
 */
export async function applyStatusIn(
  ctx: AppContext,
  tx: PoolClient,
  paymentId: number,
  to: PaymentStatus,
  source: string,
  opts: ApplyOptions = {},
): Promise<PaymentRow & { changed: boolean; from: PaymentStatus }> {
  const p = await lockPayment(tx, paymentId);
  if (opts.amount !== undefined && opts.amount !== p.amount) {
    throw new AmountMismatch(p.amount, opts.amount);
  }
  const now = ctx.clock.now();
  const before = p.status;
  const changed = await transition(tx, p, to, source, now, opts);
  if (changed && to === 'succeeded') {
    // The referrer's row is locked before the credit touches any member row: parallel credits of members referred
    // by one referrer then queue on it instead of deadlocking (each held a key-share lock on it, then asked more).
    await lockReferralPair(tx, p.member_id);
    const { coupon } = await creditPayment(tx, p, now);
    await payReferralOnFirstPurchase(tx, ctx.config, p.member_id, p.id, now);
    p.coupon_point = coupon;
    // The receipt commits with the credit: no credited payment without its mail, no mail for a rollback.
    await mailCreditedPayment(ctx, tx, p, now);
  }
  await opts.inTx?.(tx, changed, before);
  return { ...p, changed, from: before };
}

/** Counted once committed: a rolled-back move did not happen. */
export function countTransition(ctx: AppContext, moved: { changed: boolean; from: PaymentStatus }, to: PaymentStatus) {
  if (moved.changed) ctx.metrics.paymentTransition(moved.from, to);
}

export class AmountMismatch extends Error {
  constructor(
    readonly expected: number,
    readonly got: number,
  ) {
    super(`amount mismatch: expected ${expected}, got ${got}`);
  }
}
