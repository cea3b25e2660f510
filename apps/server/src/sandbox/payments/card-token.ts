import { createHash, randomBytes } from 'node:crypto';
import { luhnValid } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { insertCardToken } from '../../db/queries/sandbox-payments.ts';
import { maskNumber, TEST_CARDS } from '../../services/payments/gateways/sandbox/test-cards.ts';

/**
 * The sandbox card company's token endpoint (DESIGN.md section 3): the browser sends the card here, never to the
 * shop; the shop only ever sees the token and a masked number. Error codes are those of spec section 8.
 */

export interface TokenInput {
  card_number?: unknown;
  card_expire?: unknown;
  security_code?: unknown;
  cardholder_name?: unknown;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'VISA';
  if (/^5[1-5]|^2[2-7]/.test(number)) return 'MASTER';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (/^35/.test(number)) return 'JCB';
  if (/^3(0|6|8)/.test(number)) return 'DINERS';
  return 'CARD';
}

/** Checks a card the way a card company's token API does; returns the first error code or null. */
export function cardErrorCode(input: TokenInput, now: Date): string | null {
  const number = str(input.card_number).replace(/[\s-]/g, '');
  if (number === '') return '1300';
  if (number === TEST_CARDS.maintenance) return '8000';
  if (number === TEST_CARDS.communication) return '7001';
  if (!/^\d{14,19}$/.test(number) || !luhnValid(number)) return '1301';
  const expire = str(input.card_expire);
  if (expire === '') return '1400';
  const m = /^(\d{2})\/(\d{2})$/.exec(expire);
  if (!m) return '1401';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return '1500';
  // A card is valid through the last day of its expiry month (Tokyo time is close enough for a sandbox).
  const nowYear = now.getUTCFullYear();
  const nowMonth = now.getUTCMonth() + 1;
  if (year < nowYear || (year === nowYear && month < nowMonth)) return '1501';
  if (year > nowYear + 20) return '1502';
  const cvc = str(input.security_code);
  if (cvc === '') return '1600';
  if (!/^\d{3,4}$/.test(cvc)) return '1601';
  const name = str(input.cardholder_name);
  if (name === '' || name.length > 20 || !/^[A-Za-z][A-Za-z .'-]*$/.test(name)) return '1700';
  return null;
}

/** Issues a one-time token, or the error code. */
export async function issueCardToken(
  ctx: AppContext,
  input: TokenInput,
): Promise<{ token: string; req_card_number: string } | { error_code: string }> {
  const code = cardErrorCode(input, ctx.clock.now());
  if (code) return { error_code: code };
  const number = str(input.card_number).replace(/[\s-]/g, '');
  const token = `tok_${randomBytes(18).toString('base64url')}`;
  const last4 = number.slice(-4);
  await insertCardToken(ctx.db.pool, {
    token,
    last4,
    brand: brandOf(number),
    fingerprint: createHash('sha256').update(`sandbox-card|${number}`).digest('hex'),
    expire: str(input.card_expire),
    holder: str(input.cardholder_name).toUpperCase(),
  });
  return { token, req_card_number: maskNumber(last4) };
}
