import { CARRIERS, type Carrier } from './carriers.ts';

/**
 * "7DR": the last digit is the number formed by the digits before it, modulo 7. Yamato's 12-digit 送り状番号 and
 * Japan Post's 12-digit お問い合わせ番号 (ゆうパック, ゆうパケット, click post) carry it; a typed or scanned number
 * with one digit wrong or two swapped almost always fails it. The body is at most 11 digits, so a JS number is exact.
 */
export function sevenDrOk(digits: string): boolean {
  if (!/^\d{2,16}$/.test(digits)) return false;
  return Number(digits.slice(0, -1)) % 7 === Number(digits.slice(-1));
}

const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

/**
 * UPU S10 (international mail, e.g. EMS `EA123456785JP`): two letters, eight serial digits, a check digit, a country.
 * The check digit is 11 − (Σ digit × 8,6,4,2,3,5,9,7 mod 11), with 10 written 0 and 11 written 5.
 */
export function s10Ok(number: string): boolean {
  const m = /^[A-Z]{2}(\d{8})(\d)[A-Z]{2}$/.exec(number);
  if (!m) return false;
  const sum = [...m[1]!].reduce((acc, d, i) => acc + Number(d) * S10_WEIGHTS[i]!, 0);
  const c = 11 - (sum % 11);
  return (c === 10 ? 0 : c === 11 ? 5 : c) === Number(m[2]);
}

/** What is wrong with a normalised tracking number for a carrier, or null when it is good. */
export type TrackingNumberProblem = 'shape' | 'checkDigit';

/**
 * Shape first (the carrier's pattern), then the check digit where the carrier defines one: Yamato always (12 digits),
 * Japan Post for its 12-digit domestic numbers and S10 international ones. Japan Post's 11- and 13-digit numbers and
 * Sagawa's have no published rule we could confirm, so only their shape is checked.
 */
export function trackingNumberProblem(carrier: Carrier, normalized: string): TrackingNumberProblem | null {
  if (!CARRIERS[carrier].pattern.test(normalized)) return 'shape';
  if (carrier === 'yamato' && !sevenDrOk(normalized)) return 'checkDigit';
  if (carrier === 'japanpost') {
    if (/^\d{12}$/.test(normalized) && !sevenDrOk(normalized)) return 'checkDigit';
    if (/^[A-Z]/.test(normalized) && !s10Ok(normalized)) return 'checkDigit';
  }
  return null;
}
