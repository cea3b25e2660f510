import { PAY_ID, type ButtonSignatureReply } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import { findCheckoutPayment, type PaymentRow } from '../../db/queries/payments.ts';
import { bindWalletSession, latestWalletSession, type WalletSessionRow } from '../../db/queries/wallet-sessions.ts';
import { findCourse } from './courses.ts';
import { gatewayFor, gatewayNamed } from './gateways/routes.ts';
import { applyStatus } from './status.ts';

/**
 * The retailer wallet (pay_id 5) checkout session of spec section 7: button_signature → the wallet's sign-in →
 * back to /confirm-buy-point with amazonCheckoutSessionId → set/get_checkout_session → point/buy → the wallet's
 * approval → /amazon-pay-redirect → complete_checkout_session (captures and credits).
 */

const walletError = () => new AppError('validation', { general: ['checkoutSessionInvalid'] }, 'checkout_session');

/** The signed payload of the wallet button for one course; its review page returns to that course. */
export async function checkoutButton(ctx: AppContext, courseId: number): Promise<ButtonSignatureReply> {
  const gw = gatewayFor(ctx.gateway, PAY_ID.retailerWallet);
  if (!gw.checkoutButton || !gw.supports(PAY_ID.retailerWallet))
    throw AppError.validation('pay_id', 'payIdInvalid', 'pay_id_not_offered');
  const course = await findCourse(ctx.db.pool, courseId);
  if (!course) throw new AppError('not_found', { point_price_id: ['courseNotFound'] }, 'course_not_found');
  const base = ctx.config.publicUrl.replace(/\/$/, '');
  const payloadJSON = JSON.stringify({
    webCheckoutDetails: { checkoutReviewReturnUrl: `${base}/confirm-buy-point?pointPriceId=${course.id}` },
    storeId: 'kirakira-oripa',
    scopes: ['name', 'email'],
  });
  return { payloadJSON, ...gw.checkoutButton(payloadJSON) };
}

/** Binds a session the wallet knows to the member; a session already bound to another member is not theirs. */
export async function bindCheckoutSession(ctx: AppContext, memberId: number, sessionId: string): Promise<void> {
  const described = await gatewayFor(ctx.gateway, PAY_ID.retailerWallet).describeCheckout?.(sessionId);
  if (!described) throw walletError();
  if (!(await bindWalletSession(ctx.db.pool, sessionId, memberId, described.payMethod))) throw walletError();
}

export async function latestCheckoutSession(ctx: AppContext, memberId: number): Promise<WalletSessionRow> {
  const row = await latestWalletSession(ctx.db.pool, memberId);
  if (!row) throw walletError();
  return row;
}

/** After the member approved in the wallet: captures the session's payment and applies the result. */
export async function completeCheckout(
  ctx: AppContext,
  memberId: number,
  sessionId: string,
  publicId?: string,
): Promise<PaymentRow> {
  let p = await findCheckoutPayment(ctx.db.pool, memberId, sessionId, publicId ?? null);
  if (!p) throw walletError();
  if ((p.status === 'pending' || p.status === 'requires_action') && p.provider_ref) {
    const gw = gatewayNamed(ctx.gateway, p.gateway);
    if (!gw) throw walletError();
    const remote = await gw.completeCheckout(p.provider_ref);
    if (remote.amount !== p.amount) throw walletError();
    if (remote.status !== 'pending') p = await applyStatus(ctx, p.id, remote.status, 'checkout_complete');
  }
  return p;
}
