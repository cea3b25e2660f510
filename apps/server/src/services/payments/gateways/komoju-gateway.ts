import { PAY_ID, type CarrierId, type PayId } from '@oripa/core';
import type { Config } from '../../../config.ts';
import {
  GatewayInputError,
  WebhookRejected,
  type CreatePayment,
  type GatewayEvent,
  type GatewayOutcome,
  type PaymentGateway,
  type PaymentMethod,
  type ProviderPayment,
  type ProviderStatus,
} from './gateway.ts';
import {
  createKomojuClient,
  KomojuError,
  type KomojuClient,
  type KomojuPayment,
  type KomojuPaymentStatus,
  type KomojuSession,
} from './komoju/client.ts';
import { KOMOJU_SIGNATURE_HEADER, verifyKomojuSignature } from './komoju/signature.ts';

/**
 * The second real rail (PAYMENT_PROVIDER=komoju, ADR 0042): KOMOJU, for the methods Stripe in Japan does not carry
 * — メルペイ (10), au PAY (11), Paidy (13), carrier billing with docomo, au and SoftBank (6) — and konbini at all six
 * chains (2) and PayPay (8). Redirect methods go through a KOMOJU session offering just that one method (its hosted
 * page sends the buyer straight to the wallet); a konbini payment is made directly, since the receipt numbers are
 * needed at once. The provider reference says which: `session:<id>` or `payment:<id>`.
 */
const SUPPORTED: readonly PayId[] = [
  PAY_ID.combini,
  PAY_ID.carrier,
  PAY_ID.mobileApp,
  PAY_ID.fleaMarketApp,
  PAY_ID.auPay,
  PAY_ID.paidy,
];

/** KOMOJU's payment-type slugs (its supported-payment-methods table; carrier slugs per ADR 0042). */
const WALLET_TYPES: Partial<Record<string, string>> = {
  mobile: 'paypay',
  merpay: 'merpay',
  aupay: 'aupay',
  paidy: 'paidy',
};
const CARRIER_TYPES: Record<CarrierId, string> = { docomo: 'docomo', au: 'au', sb_ktai: 'softbank' };

export function komojuPaymentType(m: PaymentMethod): string | undefined {
  if (m.kind === 'wallet') return WALLET_TYPES[m.wallet];
  if (m.kind === 'carrier') return CARRIER_TYPES[m.carrier];
  if (m.kind === 'combini') return 'konbini';
  return undefined;
}

/** KOMOJU's payment status as the shop's: konbini 'authorized' waits for the store, 'captured' is paid. */
export function mapKomojuStatus(s: KomojuPaymentStatus): ProviderStatus {
  switch (s) {
    case 'captured':
    case 'refunded': // paid first; a refund is the operator's own act (ADR 0005), not a failed payment
      return 'succeeded';
    case 'cancelled':
      return 'cancelled';
    case 'expired':
      return 'expired';
    case 'failed':
      return 'failed';
    default:
      return 'pending';
  }
}

const SESSION = 'session:';
const PAYMENT = 'payment:';

function fromSession(s: KomojuSession): ProviderPayment {
  const status: ProviderStatus = s.payment
    ? mapKomojuStatus(s.payment.status)
    : s.status === 'cancelled'
      ? 'cancelled'
      : 'pending';
  return { providerRef: SESSION + s.id, status, amount: s.payment?.amount ?? s.amount };
}
const fromPayment = (p: KomojuPayment): ProviderPayment => ({
  providerRef: PAYMENT + p.id,
  status: mapKomojuStatus(p.status),
  amount: p.amount,
});

export interface KomojuGatewayOptions {
  /** Tests pass the fake KOMOJU's fetch, since no provider is reachable from here. */
  fetch?: typeof fetch;
}

export function createKomojuGateway(config: Config, opts: KomojuGatewayOptions = {}): PaymentGateway {
  const cfg = config.payments;
  const client: KomojuClient = createKomojuClient({
    secretKey: cfg.komojuSecretKey,
    apiBase: cfg.komojuApiBase,
    fetch: opts.fetch,
  });
  const unsupported = () => Promise.reject(new GatewayInputError('payIdInvalid', 'pay_id'));

  async function create(req: CreatePayment): Promise<GatewayOutcome> {
    const type = komojuPaymentType(req.method);
    if (!type) throw new GatewayInputError('payIdInvalid', 'pay_id');
    const metadata = { payment_id: req.paymentId, member_id: String(req.memberId) };
    if (req.method.kind === 'combini') {
      const store = req.method.store;
      const p = await client.createPayment({
        amount: req.amount,
        currency: 'JPY',
        external_order_num: req.paymentId,
        payment_details: { type: 'konbini', store, email: req.buyer.email },
        metadata,
      });
      await req.recordRef?.(PAYMENT + p.id);
      const d = p.payment_details ?? { type: 'konbini' };
      if (p.status !== 'authorized' || !d.receipt) {
        return { status: 'failed', providerRef: PAYMENT + p.id, reason: `konbini_${p.status}` };
      }
      return {
        status: 'pending',
        providerRef: PAYMENT + p.id,
        instructions: {
          kind: 'combini',
          receipt: d.receipt,
          ...(d.confirmation_code ? { confirmation: d.confirmation_code } : {}),
          slipUrl: d.instructions_url ?? '',
          store,
        },
      };
    }
    // Nothing is charged until the buyer approves on the wallet's page, which they reach only through session_url:
    // the session's id is saved (recordRef) before the shop hands that address out.
    const s = await client.createSession({
      amount: req.amount,
      currency: 'JPY',
      // KOMOJU sends the buyer to one return_url whatever happened; a carrier's success page would say "paid" to a
      // refused buyer, so the address that asks KOMOJU first is used where the method has one.
      return_url: req.returnUrls.anyOutcome ?? req.returnUrls.success,
      payment_types: [type],
      email: req.buyer.email,
      default_locale: 'ja',
      payment_data: { external_order_num: req.paymentId },
      metadata,
    });
    await req.recordRef?.(SESSION + s.id);
    return { status: 'pending', providerRef: SESSION + s.id, redirectUrl: s.session_url };
  }

  return {
    name: 'komoju',
    supports: (payId) => SUPPORTED.includes(payId),
    async createPayment(req) {
      try {
        return await create(req);
      } catch (err) {
        // A 4xx is KOMOJU refusing this payment (e.g. a method not enabled); 5xx and network failures stay unknown.
        if (err instanceof KomojuError && err.status >= 400 && err.status < 500)
          return { status: 'failed', reason: `komoju_${err.code}` };
        throw err;
      }
    },
    async retrieve(ref) {
      if (ref.startsWith(SESSION)) return fromSession(await client.getSession(ref.slice(SESSION.length)));
      if (ref.startsWith(PAYMENT)) return fromPayment(await client.getPayment(ref.slice(PAYMENT.length)));
      throw new GatewayInputError('paymentNotFound', 'general');
    },
    // A payment KOMOJU made without the shop saving its id cannot have been paid: a session's page and a konbini
    // receipt are only handed to the buyer after the id is committed (recordRef). Nothing to look up.
    findByMerchantRef: async () => null,
    async cancel(ref) {
      try {
        if (ref.startsWith(PAYMENT)) {
          const p = await client.cancelPayment(ref.slice(PAYMENT.length));
          return p.status === 'cancelled';
        }
        const s = await client.getSession(ref.slice(SESSION.length));
        if (s.payment) return (await client.cancelPayment(s.payment.id)).status === 'cancelled';
        return (await client.cancelSession(s.id)).status === 'cancelled';
      } catch (err) {
        if (err instanceof KomojuError && err.status >= 400 && err.status < 500) return false;
        throw err;
      }
    },
    parseWebhook(rawBody, headers): GatewayEvent | null {
      if (!verifyKomojuSignature(cfg.komojuWebhookSecret, rawBody, headers[KOMOJU_SIGNATURE_HEADER])) {
        throw new WebhookRejected('bad_signature', 'X-Komoju-Signature does not verify');
      }
      let e: { id?: unknown; type?: unknown; data?: Partial<KomojuPayment> };
      try {
        e = JSON.parse(rawBody) as typeof e;
      } catch {
        throw new WebhookRejected('malformed', 'body is not JSON');
      }
      if (typeof e.id !== 'string' || typeof e.type !== 'string') throw new WebhookRejected('malformed', 'no event id');
      // ping, refunds and customer events change no payment of ours.
      if (!/^payment\.(authorized|captured|updated|expired|cancelled|failed)$/.test(e.type)) return null;
      const d = e.data ?? {};
      if (typeof d.id !== 'string' || typeof d.status !== 'string' || typeof d.amount !== 'number') {
        throw new WebhookRejected('malformed', 'missing payment fields');
      }
      // The payment's own status, not the event's name, is applied: a late 'authorized' after 'captured' changes
      // nothing, since the state machine never leaves a terminal state.
      return {
        eventId: e.id,
        providerRef: typeof d.session === 'string' && d.session ? SESSION + d.session : PAYMENT + d.id,
        paymentId: typeof d.external_order_num === 'string' ? d.external_order_num : null,
        status: mapKomojuStatus(d.status),
        amount: d.amount,
        currency: String(d.currency ?? ''),
        reason: d.status === 'failed' ? 'komoju_failed' : undefined,
      };
    },
    saveCard: unsupported,
    completeCheckout: unsupported,
  };
}
