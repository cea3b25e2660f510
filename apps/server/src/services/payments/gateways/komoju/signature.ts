import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * KOMOJU signs each webhook delivery with X-Komoju-Signature: the hex SHA-256 HMAC of the raw request body under
 * the webhook's secret token (KOMOJU's webhook documents). Checked in constant time; there is no timestamp in the
 * signature, so a replay is caught by its event id (payment_callbacks' unique index), not by a time window.
 */
export const KOMOJU_SIGNATURE_HEADER = 'x-komoju-signature';

export const signKomojuBody = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export function verifyKomojuSignature(secret: string, body: string, header: unknown): boolean {
  if (typeof header !== 'string' || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(signKomojuBody(secret, body));
  const given = Buffer.from(header.toLowerCase());
  return expected.length === given.length && timingSafeEqual(expected, given);
}
