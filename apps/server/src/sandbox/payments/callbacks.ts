import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { signPayload, SIGNATURE_HEADER } from '../../services/payments/gateways/sandbox/signature.ts';
import type { Intent } from '../../services/payments/gateways/sandbox/provider.ts';

/** The callback body the sandbox provider sends; the shop's webhook verifies and parses it. */
export interface SandboxEvent {
  id: string;
  type: 'payment.updated';
  created: number;
  data: { intent_id: string; merchant_ref: string; status: string; amount: number; currency: 'JPY'; reason?: string };
}

export function buildEvent(intent: Intent, overrides: Partial<SandboxEvent['data']> = {}): SandboxEvent {
  return {
    id: `evt_${randomBytes(12).toString('base64url')}`,
    type: 'payment.updated',
    created: Math.floor(Date.now() / 1000),
    data: {
      intent_id: intent.id,
      merchant_ref: intent.merchant_ref,
      status: intent.status,
      amount: intent.amount,
      currency: 'JPY',
      ...overrides,
    },
  };
}

/**
 * Delivers a signed callback to the shop's webhook endpoint through the real HTTP route (in-process inject), the
 * way the provider's servers would. Returns the shop's HTTP status.
 */
export async function deliverCallback(app: FastifyInstance, event: SandboxEvent): Promise<number> {
  const body = JSON.stringify(event);
  const res = await app.inject({
    method: 'POST',
    url: '/api/payment/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signPayload(app.ctx.config.payments.callbackSecret, body),
    },
    payload: body,
  });
  if (res.statusCode >= 300) app.log.warn({ status: res.statusCode, event: event.id }, 'sandbox callback refused');
  return res.statusCode;
}
