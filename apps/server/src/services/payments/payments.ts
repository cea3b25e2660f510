import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  isDeferredPayment,
  msg,
  overMethodLimit,
  PAY_ID,
  rankBonusForMember,
  type PayId,
  type PointBuyInput,
  type PointBuyReply,
} from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import { findMemberById } from '../../db/queries/members.ts';
import {
  findPayment,
  insertPayment,
  insertPaymentEvent,
  latestPaymentOf,
  recordProviderRef,
  type PaymentRow,
} from '../../db/queries/payments.ts';
import { findSavedCardRef } from '../../db/queries/saved-cards.ts';
import { walletSessionBelongsTo } from '../../db/queries/wallet-sessions.ts';
import { withTransaction } from '../../db/transaction.ts';
import { mailPaymentInstructions } from '../../mail/payment-mails.ts';
import { findCourse } from './courses.ts';
import { offeredGateway } from './method-switches.ts';
import { gatewayFor, gatewayNamed } from './gateways/routes.ts';
import { GatewayInputError, type GatewayOutcome } from './gateways/gateway.ts';
import { methodFor, REDIRECT_WINDOW_MS, returnUrlsFor, UNPAID_WINDOW_MS } from './methods.ts';
import { saveCardForMember } from './saved-cards.ts';
import { assertPurchaseAllowed } from './spending-limits.ts';
import { applyStatus } from './status.ts';
import { requireConfirmedMail } from '../mail-verification.ts';

const newPublicId = () => `pay_${randomBytes(18).toString('base64url')}`;
const failed = (key: string, reason: string) => new AppError('validation', { general: [key] }, reason);

/**
 * POST /api/user/point/buy. The payment row is committed before the gateway is called, so whatever the provider
 * does later (callbacks, the member's return) finds it; the amount always comes from the course. Points and coins
 * are bought only with a confirmed mail address, like packs (issue 19 §2), so nothing is charged before it.
 */
export async function startPayment(
  ctx: AppContext,
  memberId: number,
  input: PointBuyInput,
  log?: FastifyBaseLogger,
): Promise<PointBuyReply> {
  await requireConfirmedMail(ctx.db.pool, memberId);
  const payId = input.pay_id as PayId;
  // The provider configured for this method (routing per method, ADR 0042); the payment keeps its name.
  const gateway = gatewayFor(ctx.gateway, payId);
  // Staff may have switched the method off in the console (issue 23): refused like one the provider lacks.
  if (!(await offeredGateway(ctx)).supports(payId))
    throw AppError.validation('pay_id', 'payIdInvalid', 'pay_id_not_offered');
  const course = await findCourse(ctx.db.pool, input.point_price_id);
  if (!course) throw new AppError('not_found', { point_price_id: ['courseNotFound'] }, 'course_not_found');
  // A provider's maximum per payment (konbini, Paidy, carrier billing) is told before anything is made or redirected.
  const max = overMethodLimit(payId, course.price, ctx.config.payments.methodMax);
  if (max !== null) {
    const key = msg('paymentOverLimit', { max: max.toLocaleString('ja-JP') });
    throw AppError.validation('pay_id', key, 'over_method_limit');
  }

  let savedCardRef: string | undefined;
  if ((payId === PAY_ID.card || payId === PAY_ID.card3ds) && input.card_index !== undefined) {
    savedCardRef = await findSavedCardRef(ctx.db.pool, memberId, input.card_index, gateway.name);
    if (!savedCardRef) throw AppError.validation('card_index', 'savedCardNotFound', 'saved_card_not_found');
  }
  if (payId === PAY_ID.retailerWallet) {
    const bound = await walletSessionBelongsTo(ctx.db.pool, input.checkout_session_id ?? '', memberId);
    if (!bound) throw AppError.validation('checkout_session_id', 'checkoutSessionInvalid', 'checkout_session');
  }

  const now = ctx.clock.now();
  const publicId = newPublicId();
  const expiresAt = new Date(now.getTime() + (isDeferredPayment(payId) ? UNPAID_WINDOW_MS : REDIRECT_WINDOW_MS));
  let buyer = { name: '', email: '' };
  const payment = await withTransaction(ctx.db, async (tx) => {
    // Spending limits and cool-off (ADR 0036): refused before any payment row exists or the gateway is called.
    await assertPurchaseAllowed(ctx, tx, memberId, course.price, now);
    const member = (await findMemberById(tx, memberId))!;
    // A coin course carries no rank bonus (ADR 0020).
    const appendPoint = course.currency === 'coin' ? 0 : rankBonusForMember(Number(course.point), Number(member.rank));
    buyer = { name: `${member.last_name} ${member.first_name}`, email: member.mail };
    const method = {
      ...(input.combini_code ? { combini_code: input.combini_code } : {}),
      ...(input.carrier_id ? { carrier_id: input.carrier_id } : {}),
      ...(input.name ? { name: input.name } : {}),
      ...(input.card_index ? { card_index: input.card_index } : {}),
      ...(input.checkout_session_id ? { checkout_session_id: input.checkout_session_id } : {}),
    };
    const p = await insertPayment(tx, {
      publicId,
      memberId,
      courseId: course.id,
      payId,
      gateway: gateway.name,
      amount: course.price,
      point: course.point,
      currency: course.currency,
      appendPoint,
      packId: input.pack_id ?? null,
      method,
      expiresAt,
      now,
    });
    await insertPaymentEvent(tx, p.id, null, 'created', 'api', { pay_id: payId, amount: p.amount });
    return p;
  });

  let outcome: GatewayOutcome;
  let recorded = false;
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
      // Committed before the provider charges: a crash after this leaves a payment the reconcile job can finish.
      recordRef: async (ref) => {
        recorded = await recordProviderRef(ctx.db.pool, payment.id, ref, ctx.clock.now());
        if (!recorded) throw new Error(`payment ${publicId} already has another provider id`);
      },
    });
  } catch (err) {
    const key = err instanceof GatewayInputError ? err.messageKey : 'gatewayUnavailable';
    const unknown = key === 'gatewayUnavailable' && !(err instanceof AppError);
    if (unknown) log?.error({ err, payment: publicId }, 'payment gateway call failed');
    // The provider holds a payment we know and may have charged it: it stays open for the webhook or the
    // reconcile job (jobs/reconcile-payments.ts) to settle with what the provider says, never failed blind.
    if (!(unknown && recorded)) await applyStatus(ctx, payment.id, 'failed', 'gateway', { failureReason: key });
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
    const secret = o.clientSecret ? { client_secret: o.clientSecret } : {};
    return { result: '7', url: `/api/acs/secure?payment=${encodeURIComponent(payment.public_id)}`, ...secret, ...base };
  }
  const ins = o.instructions;
  await applyStatus(ctx, payment.id, 'pending', 'gateway', {
    providerRef: o.providerRef,
    nextActionUrl: o.redirectUrl ?? (ins?.kind === 'combini' ? ins.slipUrl : null),
    receipt: ins?.kind === 'combini' ? ins.receipt : undefined,
    method: ins ? { instructions: ins } : {},
    // How to pay, by when: queued with the stored instructions, in the same transaction.
    inTx: async (tx, changed) => {
      if (changed && ins) await mailPaymentInstructions(ctx, tx, payment, ins);
    },
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

/**
 * After the member comes back from a provider page (point/append, point/end, the complete pages): if the
 * callback has not arrived yet, ask the provider and apply what it says. Only the member's own payment.
 */
export async function settlePayment(ctx: AppContext, memberId: number, publicId: string): Promise<PaymentRow> {
  const p = await findPayment(ctx.db.pool, { publicId }, memberId);
  if (!p) throw new AppError('not_found', { token: ['paymentNotFound'] }, 'payment_not_found');
  if (
    p.provider_ref &&
    (p.status === 'pending' || p.status === 'requires_action') &&
    !isDeferredPayment(p.pay_id as PayId)
  ) {
    const gw = gatewayNamed(ctx.gateway, p.gateway);
    const remote = gw ? await gw.retrieve(p.provider_ref).catch(() => null) : null;
    if (remote && remote.status !== p.status && remote.amount === p.amount) {
      return applyStatus(ctx, p.id, remote.status, 'return', { failureReason: remote.reason });
    }
  }
  return p;
}

/** The member's latest payment (for point/end without a payment id). */
export async function latestPayment(ctx: AppContext, memberId: number): Promise<PaymentRow | null> {
  return latestPaymentOf(ctx.db.pool, memberId);
}
