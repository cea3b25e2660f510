import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Callback signatures of the sandbox provider, in the shape real providers use: header
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, checked in constant time within a tolerance window so a
 * captured callback cannot be replayed much later (and an event id seen before is refused anyway).
 */
export const SIGNATURE_HEADER = 'x-sandbox-signature';
export const SIGNATURE_TOLERANCE_S = 300;

export function signPayload(secret: string, body: string, nowMs = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export function verifySignature(secret: string, body: string, header: unknown, nowMs = Date.now()): boolean {
  if (typeof header !== 'string') return false;
  const parts = Object.fromEntries(header.split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) return false;
  if (Math.abs(nowMs / 1000 - t) > SIGNATURE_TOLERANCE_S) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(parts.v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The retailer wallet's check that a checkout button's payload was made by the shop (base64url HMAC). */
export function signButtonPayload(secret: string, payloadJSON: string): string {
  return createHmac('sha256', secret).update(payloadJSON).digest('base64url');
}
