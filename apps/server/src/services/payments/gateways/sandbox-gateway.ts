import type { PayId } from '@oripa/core';
import type { Config } from '../../../config.ts';
import type { Queryable } from '../../../db/queryable.ts';
import { WebhookRejected, type GatewayEvent, type PaymentGateway, type ProviderStatus } from './gateway.ts';
import {
  captureCheckout,
  describeCheckoutSession,
  createIntent,
  findIntentFor,
  moveIntent,
  OPEN_STATUSES,
  retrieveIntent,
  saveCardRef,
} from './sandbox/provider.ts';
import { signButtonPayload, SIGNATURE_HEADER, verifySignature } from './sandbox/signature.ts';

const STATUSES: ProviderStatus[] = ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'expired'];

/**
 * The default gateway: the simulated provider of ./sandbox (its pages are served from src/sandbox/payments),
 * offering every payment id of the spec. Its books live in the shop's database, hence `db`.
 */
export function createSandboxGateway(config: Config, db: Queryable): PaymentGateway {
  const pageBase = config.publicUrl.replace(/\/$/, '');
  const secret = config.payments.callbackSecret;
  return {
    name: 'sandbox',
    supports: (_payId: PayId) => true,
    createPayment: (req) => createIntent(db, req, pageBase),
    retrieve: (ref) => retrieveIntent(db, ref),
    findByMerchantRef: (paymentId) => findIntentFor(db, paymentId),
    cancel: async (ref) => (await moveIntent(db, ref, 'cancelled', OPEN_STATUSES)) !== null,
    saveCard: (token) => saveCardRef(db, token),
    completeCheckout: (ref) => captureCheckout(db, ref),
    describeCheckout: (id) => describeCheckoutSession(db, id),
    checkoutButton(payloadJSON) {
      const signature = signButtonPayload(secret, payloadJSON);
      const q = new URLSearchParams({ payloadJSON, signature });
      return { signature, url: `${pageBase}/sandbox/pay/wallet-signin?${q}` };
    },
    parseWebhook(rawBody, headers): GatewayEvent {
      if (!verifySignature(secret, rawBody, headers[SIGNATURE_HEADER])) {
        throw new WebhookRejected('bad_signature', 'signature does not verify');
      }
      let e: { id?: unknown; data?: Record<string, unknown> };
      try {
        e = JSON.parse(rawBody) as typeof e;
      } catch {
        throw new WebhookRejected('malformed', 'body is not JSON');
      }
      const d = e.data ?? {};
      const status = d.status as ProviderStatus;
      if (typeof e.id !== 'string' || typeof d.intent_id !== 'string' || !STATUSES.includes(status)) {
        throw new WebhookRejected('malformed', 'missing fields');
      }
      return {
        eventId: e.id,
        providerRef: d.intent_id,
        paymentId: typeof d.merchant_ref === 'string' ? d.merchant_ref : null,
        status,
        amount: Number(d.amount),
        currency: String(d.currency ?? ''),
        reason: typeof d.reason === 'string' ? d.reason : undefined,
      };
    },
  };
}
