import type { CombiniCode } from '@oripa/core';
import Stripe from 'stripe';
import { GatewayInputError, type CreatePayment, type GatewayOutcome, type ProviderStatus } from '../gateway.ts';

// The chains Stripe's konbini takes, by our chain code: their payment code is what the member takes to the counter.
// Seven-Eleven and Daily Yamazaki are not among them; a member choosing one is told so before anything is made.
const KONBINI_STORE: Partial<Record<CombiniCode, 'familymart' | 'lawson' | 'ministop' | 'seicomart'>> = {
  'family-mart': 'familymart',
  lawson: 'lawson',
  ministop: 'ministop',
  seicomart: 'seicomart',
};

export function mapIntentStatus(pi: Stripe.PaymentIntent): ProviderStatus {
  switch (pi.status) {
    case 'succeeded':
      return 'succeeded';
    case 'canceled':
      return 'cancelled';
    case 'requires_payment_method':
      // After a confirmation attempt this means the attempt failed.
      return pi.last_payment_error ? 'failed' : 'pending';
    case 'requires_action':
      return 'requires_action';
    default:
      return 'pending';
  }
}

/**
 * Record-before-charge (ADR 0005): creates the PaymentIntent for one of our payments unconfirmed, hands its id to
 * the shop (req.recordRef, which commits it), and only then confirms it, so no money moves for an intent the shop
 * does not know. Our payment id is its metadata (what findByMerchantRef searches) and, per step, its idempotency
 * key, so a retried create or confirm returns the same intent and never charges twice.
 */
export async function createIntent(stripe: Stripe, req: CreatePayment): Promise<Stripe.PaymentIntent> {
  const params = await intentParams(stripe, req);
  const pi = await stripe.paymentIntents.create(
    {
      amount: req.amount,
      currency: 'jpy',
      description: req.description,
      metadata: { payment_id: req.paymentId, member_id: String(req.memberId) },
      ...params,
    },
    { idempotencyKey: `create-${req.paymentId}` },
  );
  await req.recordRef?.(pi.id);
  return stripe.paymentIntents.confirm(
    pi.id,
    { return_url: req.returnUrls.success },
    { idempotencyKey: `confirm-${req.paymentId}` },
  );
}

/** The method-specific part of the PaymentIntent. */
async function intentParams(stripe: Stripe, req: CreatePayment): Promise<Partial<Stripe.PaymentIntentCreateParams>> {
  const m = req.method;
  if (m.kind === 'card') {
    let card: Partial<Stripe.PaymentIntentCreateParams> = {};
    if (m.savedCardRef) {
      const [customer, pm] = m.savedCardRef.split(':');
      card = { customer, payment_method: pm };
    } else if (m.token?.startsWith('pm_')) card = { payment_method: m.token };
    else
      card = {
        payment_method_data: {
          type: 'card',
          card: { token: m.token! },
        } as Stripe.PaymentIntentCreateParams.PaymentMethodData,
      };
    return {
      ...card,
      allowed_payment_method_types: ['card'],
      payment_method_options: { card: { request_three_d_secure: m.force3ds ? 'any' : 'automatic' } },
    };
  }
  if (m.kind === 'combini') {
    if (!KONBINI_STORE[m.store]) throw new GatewayInputError('combiniChainNotOffered', 'combini_code');
    return {
      allowed_payment_method_types: ['konbini'],
      payment_method_data: { type: 'konbini', billing_details: { name: req.buyer.name, email: req.buyer.email } },
      payment_method_options: { konbini: { expires_after_days: 3, product_description: req.description } },
    };
  }
  if (m.kind === 'bank') {
    // Each order gets its own customer so the virtual account's reference matches one payment.
    const customer = await stripe.customers.create(
      { name: m.holderName, email: req.buyer.email, metadata: { member_id: String(req.memberId) } },
      { idempotencyKey: `customer-${req.paymentId}` },
    );
    return {
      customer: customer.id,
      allowed_payment_method_types: ['customer_balance'],
      payment_method_data: { type: 'customer_balance' },
      payment_method_options: {
        customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'jp_bank_transfer' } },
      },
    };
  }
  if (m.kind === 'wallet' && m.wallet === 'mobile') {
    return { allowed_payment_method_types: ['paypay'], payment_method_data: { type: 'paypay' } };
  }
  throw new GatewayInputError('payIdInvalid', 'pay_id');
}

/** What the shop does next with a PaymentIntent: credit, fail, redirect, or show instructions. */
export function outcomeOf(req: CreatePayment, pi: Stripe.PaymentIntent): GatewayOutcome {
  const status = mapIntentStatus(pi);
  const na = pi.next_action;
  if (status === 'succeeded') return { status, providerRef: pi.id };
  if (status === 'failed' || status === 'cancelled' || status === 'expired') {
    return { status: 'failed', providerRef: pi.id, reason: pi.last_payment_error?.code ?? status };
  }
  if (req.method.kind === 'combini' && na?.konbini_display_details) {
    const d = na.konbini_display_details;
    const store = KONBINI_STORE[req.method.store];
    const s = store ? d.stores[store] : undefined;
    const receipt = s?.confirmation_number ?? s?.payment_code ?? pi.id.replace(/\D/g, '').slice(-11);
    return {
      status: 'pending',
      providerRef: pi.id,
      instructions: { kind: 'combini', receipt, slipUrl: d.hosted_voucher_url ?? '', store: req.method.store },
    };
  }
  if (req.method.kind === 'bank' && na?.display_bank_transfer_instructions) {
    const z = na.display_bank_transfer_instructions.financial_addresses?.find((a) => a.zengin)?.zengin;
    return {
      status: 'pending',
      providerRef: pi.id,
      redirectUrl: na.display_bank_transfer_instructions.hosted_instructions_url ?? undefined,
      instructions: {
        kind: 'bank',
        bank: z?.bank_name ?? '',
        branch: z?.branch_name ?? '',
        accountType: z?.account_type === 'savings' ? '普通' : (z?.account_type ?? '普通'),
        number: z?.account_number ?? '',
        name: z?.account_holder_name ?? '',
      },
    };
  }
  const url = na?.redirect_to_url?.url;
  if (status === 'requires_action' && req.method.kind === 'card') {
    // 3-D Secure: Stripe.js runs it in the page with the client secret (handleNextAction); /api/acs/secure and
    // the redirect URL stay the way through for a browser without it.
    const secret = pi.client_secret ? { clientSecret: pi.client_secret } : {};
    return { status: 'requires_action', providerRef: pi.id, redirectUrl: url ?? '', ...secret };
  }
  // Redirect wallets: their approval pages.
  if (status === 'requires_action' && url) return { status: 'pending', providerRef: pi.id, redirectUrl: url };
  return { status: 'pending', providerRef: pi.id };
}
