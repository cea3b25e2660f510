import { createHash } from 'node:crypto';
import type { NewCallback } from '../../db/queries/payment-callbacks.ts';

/** Outcomes whose callback was signed by the provider and taken into account: only these keep their whole body. */
const ACCEPTED = new Set(['processed', 'ignored']);
/** What a rejected callback keeps of its body (the schema refuses more, see migration 0003). */
export const REJECTED_PREFIX_BYTES = 512;
/** An accepted body is the provider's own event: kept whole up to this, as before. */
const ACCEPTED_BODY_CHARS = 20_000;
const DETAIL_CHARS = 200;

// PostgreSQL text cannot hold NUL; anyone can post one to the webhook, and it must not turn into a 500.
const noNul = (s: string) => s.replaceAll('\0', '\uFFFD');

/** The first `max` bytes of `s` as UTF-8, cut back to a character boundary (never a half character). */
export function utf8Prefix(s: string, max: number): string {
  const bytes = Buffer.from(s, 'utf8');
  if (bytes.length <= max) return s;
  let end = max;
  // Continuation bytes look like 10xxxxxx: step back to the first byte of the character that was cut.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/**
 * What payment_callbacks keeps of one callback. Anyone can post to the webhook, so an unsigned or refused body is
 * reduced to a bounded summary (its size, its SHA-256 and a short prefix: enough to recognise a flood or a broken
 * provider, no more); a callback the shop acted on keeps its body as evidence.
 */
export function callbackRecord(
  c: Omit<NewCallback, 'body' | 'bodyBytes' | 'bodySha256'>,
  rawBody: string,
): NewCallback {
  const accepted = ACCEPTED.has(c.outcome);
  const clean = noNul(rawBody);
  return {
    ...c,
    detail: noNul(c.detail).slice(0, DETAIL_CHARS),
    body: accepted ? clean.slice(0, ACCEPTED_BODY_CHARS) : utf8Prefix(clean, REJECTED_PREFIX_BYTES),
    bodyBytes: Buffer.byteLength(rawBody, 'utf8'),
    bodySha256: createHash('sha256').update(rawBody, 'utf8').digest('hex'),
  };
}
