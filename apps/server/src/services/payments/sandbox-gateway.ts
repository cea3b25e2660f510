import { createHmac } from 'node:crypto';
import type { PayId } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import {
  captureCheckout,
  describeCheckoutSession,
  createIntent,
  moveIntent,
  OPEN_STATUSES,
  retrieveIntent,
  saveCardRef,
} from '../../sandbox/payments/provider.ts';
import {
  registerGatewayFactory,
  WebhookRejected,
  type GatewayEvent,
  type PaymentGateway,
  type ProviderStatus,
} from './gateway.ts';
import { SIGNATURE_HEADER, verifySignature } from './signature.ts';

const STATUSES: ProviderStatus[] = ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'expired'];

/** The default gateway: the sandbox provider of src/sandbox/payments, offering every payment id of the spec. */
export function createSandboxGateway(ctx: AppContext): PaymentGateway {
  const pageBase = ctx.config.publicUrl.replace(/\/$/, '');
  return {
    name: 'sandbox',
    supports: (_payId: PayId) => true,
    createPayment: (req) => createIntent(ctx, req, pageBase),
    retrieve: (ref) => retrieveIntent(ctx, ref),
    cancel: async (ref) => (await moveIntent(ctx, ref, 'cancelled', OPEN_STATUSES)) !== null,
    saveCard: (token) => saveCardRef(ctx, token),
    completeCheckout: (ref) => captureCheckout(ctx, ref),
    describeCheckout: (id) => describeCheckoutSession(ctx, id),
    checkoutButton(payloadJSON) {
      const signature = createHmac('sha256', ctx.config.payments.callbackSecret)
        .update(payloadJSON)
        .digest('base64url');
      const q = new URLSearchParams({ payloadJSON, signature });
      return { signature, url: `${pageBase}/sandbox/pay/wallet-signin?${q}` };
    },
    parseWebhook(rawBody, headers): GatewayEvent {
      if (!verifySignature(ctx.config.payments.callbackSecret, rawBody, headers[SIGNATURE_HEADER])) {
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

registerGatewayFactory('sandbox', createSandboxGateway);
