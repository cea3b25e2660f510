import { CARD_LIMITS } from '@oripa/core';

/**
 * The one card-number field: digits shown in groups as printed on the card (4-4-4-4; American Express and Diners
 * 4-6-5 / 4-6-4), and the brand told from the first digits as the member types. Only the digits go on.
 */
export type CardBrandId = 'visa' | 'mastercard' | 'jcb' | 'amex' | 'diners';

const BRANDS: [CardBrandId, RegExp][] = [
  ['amex', /^3[47]/],
  ['diners', /^3(?:0[0-5]|[689])/],
  ['jcb', /^35(?:2[89]|[3-8])/],
  ['mastercard', /^(?:5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720))/],
  ['visa', /^4/],
];

export const cardDigits = (text: string) => text.replace(/\D/g, '').slice(0, CARD_LIMITS.number);

export function detectCardBrand(text: string): CardBrandId | null {
  const d = cardDigits(text);
  return BRANDS.find(([, re]) => re.test(d))?.[0] ?? null;
}

/** Digits grouped with spaces the way the card prints them. */
export function formatCardNumber(text: string): string {
  const d = cardDigits(text);
  const brand = detectCardBrand(d);
  const groups = brand === 'amex' || brand === 'diners' ? [4, 6, 5, 5] : [4, 4, 4, 4, 4];
  const out: string[] = [];
  let at = 0;
  for (const size of groups) {
    if (at >= d.length) break;
    out.push(d.slice(at, at + size));
    at += size;
  }
  return out.join(' ');
}

/** Where the caret goes after formatting: after the same number of digits as before it. */
export function caretAfterFormat(formatted: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < formatted.length; i++) {
    if (/\d/.test(formatted[i]!)) seen++;
    if (seen === digitsBefore) return i + 1;
  }
  return formatted.length;
}
