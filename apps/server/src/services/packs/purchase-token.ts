import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The purchase intent that /pack/check hands out and /pack/buy spends. It is signed rather than stored, so the
 * check costs no database write under a rush; the nonce becomes purchases.token (UNIQUE), which is what makes a
 * replayed token return the first purchase instead of buying twice.
 */
export const PURCHASE_TOKEN_TTL_MS = 10 * 60 * 1000;

export interface PurchaseIntent {
  /** Member the intent belongs to. */
  m: number;
  /** Pack id. */
  p: number;
  /** Draws confirmed (for 'all': what was left at check time; fewer may be taken, never more). */
  c: number;
  /** 1 when the member asked for 'all'. */
  a: 0 | 1;
  /** Price of one draw at check time; a price change invalidates the intent. */
  u: number;
  /** Expiry, epoch ms. */
  e: number;
  /** Random nonce. */
  n: string;
}

const sign = (secret: string, body: string) =>
  createHmac('sha256', secret).update(`purchase|${body}`).digest('base64url');

export function issuePurchaseToken(secret: string, intent: Omit<PurchaseIntent, 'n'>): string {
  const body = Buffer.from(JSON.stringify({ ...intent, n: randomBytes(16).toString('base64url') })).toString(
    'base64url',
  );
  return `${body}.${sign(secret, body)}`;
}

/** The intent if the signature holds (expiry is the caller's business), else null. */
export function readPurchaseToken(secret: string, token: string): PurchaseIntent | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  const body = token.slice(0, dot);
  const given = Buffer.from(token.slice(dot + 1));
  const expected = Buffer.from(sign(secret, body));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as PurchaseIntent;
    const ints = [v.m, v.p, v.c, v.u, v.e].every((x) => Number.isSafeInteger(x) && x > 0);
    return ints && (v.a === 0 || v.a === 1) && typeof v.n === 'string' ? v : null;
  } catch {
    return null;
  }
}
