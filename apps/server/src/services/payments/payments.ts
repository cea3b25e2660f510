import type { FastifyBaseLogger } from 'fastify';
import type { PoolClient } from 'pg';
import {
  PAY_ID,
  rankBonusForMember,
  type PayId,
  type PaymentStatus,
  type PointBuyInput,
  type PointBuyReply,
} from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError } from '../../http/app-error.ts';
import { creditPayment } from './credit.ts';
import { findCourse } from './courses.ts';
import { gatewayFor, GatewayInputError, type GatewayOutcome } from './gateway.ts';
import { isDeferred, methodFor, REDIRECT_WINDOW_MS, returnUrlsFor, UNPAID_WINDOW_MS } from './methods.ts';
import { findSavedCardRef, saveCardForMember } from './saved-cards.ts';
import { findPayment, lockPayment, newPublicId, recordEvent, toPayment, transition, type PaymentRow } from './store.ts';

const failed = (key: string, reason: string) => new AppError('validation', { general: [key] }, reason);

/**
 * POST /api/user/point/buy. The payment row is committed before the gateway is called, so whatever the provider
 * does later (callbacks, the member's return) finds it; the amount always comes from the course.
 */
export async function startPayment(
  ctx: AppContext,
  memberId: number,
  input: PointBuyInput,
  log?: FastifyBaseLogger,
): Promise<PointBuyReply> {
  const gateway = gatewayFor(ctx);
  const payId = input.pay_id as PayId;
  if (!gateway.supports(payId)) throw AppError.validation('pay_id', 'payIdInvalid', 'pay_id_not_offered');
  const course = await findCourse(ctx.db.pool, input.point_price_id);
  if (!course) throw new AppError('not_found', { point_price_id: ['courseNotFound'] }, 'course_not_found');

  let savedCardRef: string | undefined;
  if ((payId === PAY_ID.card || payId === PAY_ID.card3ds) && input.card_index !== undefined) {
    savedCardRef = await findSavedCardRef(ctx.db.pool, memberId, input.card_index, gateway.name);
    if (!savedCardRef) throw AppError.validation('card_index', 'savedCardNotFound', 'saved_card_not_found');
  }
  if (payId === PAY_ID.retailerWallet) {
    const { rows } = await ctx.db.pool.query(
      'SELECT 1 FROM wallet_sessions WHERE checkout_session_id = $1 AND member_id = $2',
      [input.checkout_session_id ?? '', memberId],
    );
    if (!rows[0]) throw AppError.validation('checkout_session_id', 'checkoutSessionInvalid', 'checkout_session');
  }

  const now = ctx.clock.now();
  const publicId = newPublicId();
  const expiresAt = new Date(now.getTime() + (isDeferred(payId) ? UNPAID_WINDOW_MS : REDIRECT_WINDOW_MS));
  let buyer = { name: '', email: '' };
  const payment = await withTransaction(ctx.db, async (tx) => {
    const { rows } = await tx.query<{ rank: number; mail: string; last_name: string; first_name: string }>(
      'SELECT rank, mail, last_name, first_name FROM members WHERE id = $1',
      [memberId],
    );
    const appendPoint = rankBonusForMember(Number(course.point), Number(rows[0]!.rank));
    buyer = { name: `${rows[0]!.last_name} ${rows[0]!.first_name}`, email: rows[0]!.mail };
    const method = {
      ...(input.combini_code ? { combini_code: input.combini_code } : {}),
      ...(input.carrier_id ? { carrier_id: input.carrier_id } : {}),
      ...(input.name ? { name: input.name } : {}),
      ...(input.card_index ? { card_index: input.card_index } : {}),
      ...(input.checkout_session_id ? { checkout_session_id: input.checkout_session_id } : {}),
    };
    const ins = await tx.query(
      `INSERT INTO payments (public_id, member_id, point_course_id, pay_id, gateway, amount, point, append_point,
         pack_id, method, expires_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12) RETURNING *`,
      [
        publicId,
        memberId,
        course.id,
        payId,
        gateway.name,
        course.price,
        course.point,
        appendPoint,
        input.pack_id ?? null,
        JSON.stringify(method),
        expiresAt,
        now,
      ],
    );
    const p = toPayment(ins.rows[0]);
    await recordEvent(tx, p.id, null, 'created', 'api', { pay_id: payId, amount: p.amount });
    return p;
  });

  let outcome: GatewayOutcome;
  try {
    if (input.save_card === '1' || input.save_card === true) {
      if (!savedCardRef && input.token)
        savedCardRef = (await saveCardForMember(ctx, memberId, input.token, 'reuse')).providerRef;
    }
    outcome = await gateway.createPayment({
      paymentId: publicId,
      memberId,
      amount: payment.amount,
      payId,
      description: `${payment.point}pt`,
      method: methodFor(input, savedCardRef),
      returnUrls: returnUrlsFor(ctx.config.publicUrl.replace(/\/$/, ''), payId, publicId),
      expiresAt,
      buyer,
    });
  } catch (err) {
    const key = err instanceof GatewayInputError ? err.messageKey : 'gatewayUnavailable';
    if (key === 'gatewayUnavailable' && !(err instanceof AppError)) {
      log?.error({ err, payment: publicId }, 'payment gateway call failed');
    }
    await applyStatus(ctx, payment.id, 'failed', 'gateway', { failureReason: key });
    if (err instanceof GatewayInputError) throw AppError.validation(err.field, key, 'card_token');
    if (err instanceof AppError) throw err;
    throw new AppError('internal', { general: ['gatewayUnavailable'] }, 'gateway_unavailable');
  }
  return applyOutcome(ctx, payment, outcome);
}

async function applyOutcome(ctx: AppContext, payment: PaymentRow, o: GatewayOutcome): Promise<PointBuyReply> {
  const base = { payment_id: payment.public_id, ...(payment.pack_id ? { pack_id: payment.pack_id } : {}) };
  if (o.status === 'failed') {
    await applyStatus(ctx, payment.id, 'failed', 'gateway', { providerRef: o.providerRef, failureReason: o.reason });
    throw failed(payment.pay_id === PAY_ID.retailerWallet ? 'checkoutSessionInvalid' : 'paymentDeclined', 'declined');
  }
  if (o.status === 'succeeded') {
    const p = await applyStatus(ctx, payment.id, 'succeeded', 'gateway', { providerRef: o.providerRef });
    return { result: '1', url: '1', point: p.point + p.append_point + p.coupon_point, ...base };
  }
  if (o.status === 'requires_action') {
    await applyStatus(ctx, payment.id, 'requires_action', 'gateway', {
      providerRef: o.providerRef,
      nextActionUrl: o.redirectUrl,
    });
    return { result: '7', url: `/api/acs/secure?payment=${encodeURIComponent(payment.public_id)}`, ...base };
  }
  const ins = o.instructions;
  await applyStatus(ctx, payment.id, 'pending', 'gateway', {
    providerRef: o.providerRef,
    nextActionUrl: o.redirectUrl ?? (ins?.kind === 'combini' ? ins.slipUrl : null),
    receipt: ins?.kind === 'combini' ? ins.receipt : undefined,
    method: ins ? { instructions: ins } : {},
  });
  if (ins?.kind === 'combini') return { result: '1', receipt: ins.receipt, ...base };
  if (ins?.kind === 'bank') {
    return {
      result: '1',
      url: `/bank-transfer-information?payment_id=${encodeURIComponent(payment.public_id)}`,
      ...base,
    };
  }
  return { result: '1', url: o.redirectUrl!, ...base };
}

export interface ApplyOptions {
  providerRef?: string;
  nextActionUrl?: string | null;
  failureReason?: string;
  receipt?: string;
  method?: Record<string, unknown>;
  /** When the provider reports an amount, it must equal ours (checked under the lock). */
  amount?: number;
  /** Runs in the same transaction, after the move (or the refusal to move), while the row lock is held. */
  inTx?: (tx: PoolClient, changed: boolean, from: PaymentStatus) => Promise<void>;
}

/**
 * The single place a payment changes state: locks the row, refuses moves the state machine forbids (nothing
 * leaves a terminal state, so a completion after cancel/expiry or a second completion changes nothing) and
 * credits the points in the same transaction as the move to 'succeeded'.
 */
export async function applyStatus(
  ctx: AppContext,
  paymentId: number,
  to: PaymentStatus,
  source: string,
  opts: ApplyOptions = {},
): Promise<PaymentRow & { changed: boolean }> {
  return withTransaction(ctx.db, async (tx) => {
    const p = await lockPayment(tx, paymentId);
    if (opts.amount !== undefined && opts.amount !== p.amount) {
      throw new AmountMismatch(p.amount, opts.amount);
    }
    const now = ctx.clock.now();
    const from = p.status;
    const changed = await transition(tx, p, to, source, now, opts);
    if (changed && to === 'succeeded') {
      const { coupon } = await creditPayment(tx, p, now);
      p.coupon_point = coupon;
    }
    await opts.inTx?.(tx, changed, from);
    return { ...p, changed };
  });
}

export class AmountMismatch extends Error {
  constructor(
    readonly expected: number,
    readonly got: number,
  ) {
    super(`amount mismatch: expected ${expected}, got ${got}`);
  }
}

/**
 * After the member comes back from a provider page (point/append, point/end, the complete pages): if the
 * callback has not arrived yet, ask the provider and apply what it says. Only the member's own payment.
 */
export async function settlePayment(ctx: AppContext, memberId: number, publicId: string): Promise<PaymentRow> {
  const p = await findPayment(ctx.db.pool, { publicId }, memberId);
  if (!p) throw new AppError('not_found', { token: ['paymentNotFound'] }, 'payment_not_found');
  if (p.provider_ref && (p.status === 'pending' || p.status === 'requires_action') && !isDeferred(p.pay_id as PayId)) {
    const gw = gatewayFor(ctx);
    const remote = await gw.retrieve(p.provider_ref).catch(() => null);
    if (remote && remote.status !== p.status && remote.amount === p.amount) {
      return applyStatus(ctx, p.id, remote.status, 'return', { failureReason: remote.reason });
    }
  }
  return p;
}

/** The member's latest payment (for point/end without a payment id). */
export async function latestPayment(ctx: AppContext, memberId: number): Promise<PaymentRow | null> {
  const { rows } = await ctx.db.pool.query('SELECT * FROM payments WHERE member_id = $1 ORDER BY id DESC LIMIT 1', [
    memberId,
  ]);
  return rows[0] ? toPayment(rows[0]) : null;
}
