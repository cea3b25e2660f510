import { PAY_ID, type PayId } from '@oripa/core';
import Stripe from 'stripe';
import type { Config } from '../../../config.ts';
import {
  GatewayInputError,
  WebhookRejected,
  type GatewayEvent,
  type PaymentGateway,
  type ProviderPayment,
  type ProviderStatus,
} from './gateway.ts';
import { createIntent, mapIntentStatus, outcomeOf } from './stripe/intents.ts';

/**
 * The real provider adapter (PAYMENT_PROVIDER=stripe) on the official SDK, for what Stripe offers in JPY:
 * cards with 3-D Secure (1, 7), konbini (2), bank transfer to a virtual account via customer_balance /
 * jp_bank_transfer (4) and PayPay (8). Every PaymentIntent carries our payment id as metadata and in its
 * idempotency keys, so a retried create never charges twice; it is confirmed only after the shop saved its id
 * (stripe/intents.ts).
 */
const SUPPORTED: readonly PayId[] = [
  PAY_ID.card,
  PAY_ID.card3ds,
  PAY_ID.combini,
  PAY_ID.bankTransfer,
  PAY_ID.mobileApp,
];

export interface StripeGatewayOptions {
  /** Tests pass Stripe.createFetchHttpClient(fakeFetch), since no provider is reachable from here. */
  httpClient?: Stripe.HttpClient;
}

/** STRIPE_API_BASE (tests only, refused in production): the SDK's calls go to a local fake Stripe API. */
function apiBase(base: string | null): Partial<Stripe.StripeConfig> {
  if (!base) return {};
  const u = new URL(base);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port || (protocol === 'http' ? 80 : 443), protocol };
}

export function createStripeGateway(config: Config, opts: StripeGatewayOptions = {}): PaymentGateway {
  const cfg = config.payments;
  const stripe = new Stripe(cfg.stripeSecretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(opts.httpClient ? { httpClient: opts.httpClient } : {}),
    ...apiBase(cfg.stripeApiBase),
  });

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
        return outcomeOf(req, await createIntent(stripe, req));
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
    async findByMerchantRef(paymentId) {
      // Search is eventually consistent (about a minute behind): the reconcile job asks only after a grace period.
      // Our ids are base64url; anything else could break out of the quoted query value.
      if (!/^[\w-]+$/.test(paymentId)) return null;
      const found = await stripe.paymentIntents.search({ query: `metadata['payment_id']:'${paymentId}'`, limit: 1 });
      return found.data[0] ? toProvider(found.data[0]) : null;
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
