import { PAY_ID, type PayId } from '@oripa/core';
import Stripe from 'stripe';
import type { AppContext } from '../../context.ts';
import {
  GatewayInputError,
  registerGatewayFactory,
  WebhookRejected,
  type CreatePayment,
  type GatewayEvent,
  type GatewayOutcome,
  type PaymentGateway,
  type ProviderPayment,
  type ProviderStatus,
} from './gateway.ts';

/**
 * The real provider adapter (PAYMENT_PROVIDER=stripe) on the official SDK, for what Stripe offers in JPY:
 * cards with 3-D Secure (1, 7), konbini (2), bank transfer to a virtual account via customer_balance /
 * jp_bank_transfer (4) and PayPay (8). Every PaymentIntent carries our payment id as metadata and as the
 * idempotency key, so a retried create never charges twice.
 */
const SUPPORTED: readonly PayId[] = [
  PAY_ID.card,
  PAY_ID.card3ds,
  PAY_ID.combini,
  PAY_ID.bankTransfer,
  PAY_ID.mobileApp,
];

// Our store codes map to the konbini chain whose payment code the member takes to the counter.
const KONBINI_STORE = { econ: 'familymart', other: 'lawson' } as const;

export interface StripeGatewayOptions {
  /** Tests pass Stripe.createFetchHttpClient(fakeFetch), since no provider is reachable from here. */
  httpClient?: Stripe.HttpClient;
}

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

export function createStripeGateway(ctx: AppContext, opts: StripeGatewayOptions = {}): PaymentGateway {
  const cfg = ctx.config.payments;
  const stripe = new Stripe(cfg.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(opts.httpClient ? { httpClient: opts.httpClient } : {}),
  });

  async function createIntent(req: CreatePayment): Promise<Stripe.PaymentIntent> {
    const base: Stripe.PaymentIntentCreateParams = {
      amount: req.amount,
      currency: 'jpy',
      confirm: true,
      description: req.description,
      metadata: { payment_id: req.paymentId, member_id: String(req.memberId) },
      return_url: req.returnUrls.success,
    };
    const idem = { idempotencyKey: `create-${req.paymentId}` };
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
      return stripe.paymentIntents.create(
        {
          ...base,
          ...card,
          allowed_payment_method_types: ['card'],
          payment_method_options: { card: { request_three_d_secure: m.force3ds ? 'any' : 'automatic' } },
        },
        idem,
      );
    }
    if (m.kind === 'combini') {
      return stripe.paymentIntents.create(
        {
          ...base,
          allowed_payment_method_types: ['konbini'],
          payment_method_data: { type: 'konbini', billing_details: { name: req.buyer.name, email: req.buyer.email } },
          payment_method_options: { konbini: { expires_after_days: 3, product_description: req.description } },
        },
        idem,
      );
    }
    if (m.kind === 'bank') {
      // Each order gets its own customer so the virtual account's reference matches one payment.
      const customer = await stripe.customers.create(
        { name: m.holderName, email: req.buyer.email, metadata: { member_id: String(req.memberId) } },
        { idempotencyKey: `customer-${req.paymentId}` },
      );
      return stripe.paymentIntents.create(
        {
          ...base,
          customer: customer.id,
          allowed_payment_method_types: ['customer_balance'],
          payment_method_data: { type: 'customer_balance' },
          payment_method_options: {
            customer_balance: { funding_type: 'bank_transfer', bank_transfer: { type: 'jp_bank_transfer' } },
          },
        },
        idem,
      );
    }
    if (m.kind === 'wallet' && m.wallet === 'mobile') {
      return stripe.paymentIntents.create(
        { ...base, allowed_payment_method_types: ['paypay'], payment_method_data: { type: 'paypay' } },
        idem,
      );
    }
    throw new GatewayInputError('payIdInvalid', 'pay_id');
  }

  function outcomeOf(req: CreatePayment, pi: Stripe.PaymentIntent): GatewayOutcome {
    const status = mapIntentStatus(pi);
    const na = pi.next_action;
    if (status === 'succeeded') return { status, providerRef: pi.id };
    if (status === 'failed' || status === 'cancelled' || status === 'expired') {
      return { status: 'failed', providerRef: pi.id, reason: pi.last_payment_error?.code ?? status };
    }
    if (req.method.kind === 'combini' && na?.konbini_display_details) {
      const d = na.konbini_display_details;
      const store = KONBINI_STORE[req.method.store];
      const s = d.stores[store];
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
    if (status === 'requires_action' && url) {
      // Cards: 3-D Secure goes through /api/acs/secure; redirect wallets are approval pages.
      return req.method.kind === 'card'
        ? { status: 'requires_action', providerRef: pi.id, redirectUrl: url }
        : { status: 'pending', providerRef: pi.id, redirectUrl: url };
    }
    return { status: 'pending', providerRef: pi.id };
  }

  const toProvider = (pi: Stripe.PaymentIntent): ProviderPayment => ({
    providerRef: pi.id,
    status: mapIntentStatus(pi),
    amount: pi.status === 'succeeded' ? pi.amount_received : pi.amount,
    reason: pi.last_payment_error?.code,
  });

  return {
    name: 'stripe',
    supports: (payId) => SUPPORTED.includes(payId),
    async createPayment(req) {
      try {
        return outcomeOf(req, await createIntent(req));
      } catch (err) {
        // A declined card is a normal outcome, reported with the PaymentIntent it created.
        if (err instanceof Stripe.errors.StripeCardError) {
          const pi = (err as Stripe.errors.StripeCardError & { payment_intent?: { id: string } }).payment_intent;
          return { status: 'failed', providerRef: pi?.id, reason: err.code ?? 'card_declined' };
        }
        if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param?.includes('token')) {
          throw new GatewayInputError('cardTokenInvalid');
        }
        throw err;
      }
    },
    async retrieve(ref) {
      return toProvider(await stripe.paymentIntents.retrieve(ref));
    },
    async cancel(ref) {
      try {
        await stripe.paymentIntents.cancel(ref);
        return true;
      } catch (err) {
        if (err instanceof Stripe.errors.StripeInvalidRequestError) return false;
        throw err;
      }
    },
    parseWebhook(rawBody, headers): GatewayEvent | null {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, headers['stripe-signature'] ?? '', cfg.stripeWebhookSecret);
      } catch (err) {
        throw new WebhookRejected('bad_signature', (err as Error).message);
      }
      const status: ProviderStatus | undefined = {
        'payment_intent.succeeded': 'succeeded' as const,
        'payment_intent.payment_failed': 'failed' as const,
        'payment_intent.canceled': 'cancelled' as const,
      }[event.type as string];
      if (!status) return null;
      const pi = event.data.object as Stripe.PaymentIntent;
      return {
        eventId: event.id,
        providerRef: pi.id,
        paymentId: pi.metadata?.payment_id ?? null,
        status,
        amount: status === 'succeeded' ? pi.amount_received : pi.amount,
        currency: pi.currency,
        reason: pi.last_payment_error?.code ?? pi.cancellation_reason ?? undefined,
      };
    },
    async saveCard(token, memberId) {
      const customer = await stripe.customers.create({ metadata: { member_id: String(memberId) } });
      const pm = token.startsWith('pm_')
        ? await stripe.paymentMethods.retrieve(token)
        : await stripe.paymentMethods.create({ type: 'card', card: { token } } as Stripe.PaymentMethodCreateParams);
      await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
      const c = pm.card;
      return {
        providerRef: `${customer.id}:${pm.id}`,
        fingerprint: c?.fingerprint ?? pm.id,
        masked: `**** **** **** ${c?.last4 ?? '****'}`,
        brand: (c?.brand ?? '').toUpperCase(),
        expire: c ? `${String(c.exp_month).padStart(2, '0')}/${String(c.exp_year % 100).padStart(2, '0')}` : '',
      };
    },
    async completeCheckout() {
      throw new GatewayInputError('payIdInvalid', 'pay_id');
    },
  };
}

registerGatewayFactory('stripe', (ctx) => createStripeGateway(ctx));
