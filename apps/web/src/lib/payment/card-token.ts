import { cardFormSchema, cardTokenErrorField, padTwo, type CardTokenReply } from '@oripa/core';

/**
 * Card tokenisation (spec sections 5, 7 and 8; DESIGN.md section 3). The card number never reaches our /api: the
 * browser sends it to the provider's token endpoint (the sandbox's here) and only the token goes on.
 */
export interface CardInput {
  number: [string, string, string, string];
  month: string;
  year: string;
  cvc: string;
  name: string;
}

/** Four parts of at most 5 characters keep the whole number within the spec's 20. */
export const NUMBER_PART_MAX = 5;

/** Spreads a pasted number over the four parts: groups of 4, or of 5 for numbers longer than 16 (20 at most). */
export function splitCardNumber(digits: string): [string, string, string, string] {
  const d = digits.slice(0, NUMBER_PART_MAX * 4);
  const w = d.length > 16 ? NUMBER_PART_MAX : 4;
  return [d.slice(0, w), d.slice(w, 2 * w), d.slice(2 * w, 3 * w), d.slice(3 * w)];
}

/** Where a token error belongs: a field of the form, or a banner over the whole form. */
export type CardErrorTarget = 'number' | 'expire' | 'cvc' | 'name' | 'maintenance' | 'communication' | 'other';

const FIELD_TARGET = {
  card_number: 'number',
  card_expire: 'expire',
  security_code: 'cvc',
  cardholder_name: 'name',
} as const;

/** Spec section 8 (core's table): number 1300/1301, expiry 1400/1401/1500–1502, security code 1600/1601, name 1700,
 * maintenance 8000, communication 7001, anything else "other". */
export function cardErrorTarget(code: string | number | undefined): CardErrorTarget {
  const c = String(code ?? '');
  const field = cardTokenErrorField(c);
  if (field !== 'general') return FIELD_TARGET[field];
  if (c === '8000') return 'maintenance';
  if (c === '7001') return 'communication';
  return 'other';
}

/** The token call's body: card_expire is MM/YY, month and year zero-padded. */
export function tokenRequestBody(card: CardInput) {
  return {
    card_number: card.number.join('').replace(/\D/g, ''),
    card_expire: `${padTwo(card.month)}/${padTwo(card.year)}`,
    security_code: card.cvc.trim(),
    cardholder_name: card.name.trim(),
  };
}

/** A failure's message, when the tokeniser has one in the member's language (Stripe.js does). */
export type TokenResult =
  | { ok: true; token: string; req_card_number: string }
  | { ok: false; target: CardErrorTarget; code: string; message?: string };

export const CARD_TOKEN_URL = '/sandbox/card/token';

export async function tokenizeCard(card: CardInput, url = CARD_TOKEN_URL): Promise<TokenResult> {
  let body: Partial<{ token: string; req_card_number: string; error_code: string }>;
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(tokenRequestBody(card)),
    });
    body = (await res.json()) as CardTokenReply;
  } catch (error) {
    console.error('card token', error);
    return { ok: false, target: 'communication', code: '7001' };
  }
  if (body.token && body.req_card_number) return { ok: true, token: body.token, req_card_number: body.req_card_number };
  const code = String(body.error_code ?? '');
  return { ok: false, target: cardErrorTarget(code), code };
}

/** The payment-namespace message for a tokenisation that failed on a card field (or the service's state). */
export const tokenErrorKey = (target: CardErrorTarget) =>
  target === 'maintenance'
    ? 'card.maintenance'
    : target === 'communication'
      ? 'card.communication'
      : 'card.verifyFailed';

/** The cardholder name's message key, or undefined; at Stripe the rest of the card is checked by its Element. */
export function localNameError(name: string): string | undefined {
  const r = cardFormSchema.shape.cardholder_name.safeParse(name);
  return r.success ? undefined : r.error.issues[0]?.message;
}

/** Client checks with core's card schema before the token call, so an incomplete card needs no round trip.
 * Answers message keys per form field. */
export function localCardErrors(card: CardInput): Partial<Record<'number' | 'expire' | 'cvc' | 'name', string>> {
  const r = cardFormSchema.safeParse({
    card_number: card.number.join(''),
    expire_month: card.month,
    expire_year: card.year,
    security_code: card.cvc,
    cardholder_name: card.name,
  });
  if (r.success) return {};
  const out: Partial<Record<'number' | 'expire' | 'cvc' | 'name', string>> = {};
  const map = {
    card_number: 'number',
    expire_month: 'expire',
    expire_year: 'expire',
    security_code: 'cvc',
    cardholder_name: 'name',
  } as const;
  for (const issue of r.error.issues) {
    const key = map[String(issue.path[0]) as keyof typeof map];
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}
