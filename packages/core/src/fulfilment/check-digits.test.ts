import { describe, expect, it } from 'vitest';
import { s10Ok, sevenDrOk, trackingNumberProblem } from './check-digits.ts';
import { trackingEntrySchema, trackingNumberSchema } from './validation.ts';

describe('7DR check digit (Yamato, Japan Post domestic)', () => {
  it('takes the first 11 digits modulo 7 as the last', () => {
    // 12345678901 = 7 × 1763668414 + 3
    expect(sevenDrOk('123456789013')).toBe(true);
    expect(sevenDrOk('123456789012')).toBe(false);
    expect(sevenDrOk('400011112222')).toBe(true);
    expect(sevenDrOk('000000000000')).toBe(true);
    // 99999999999 = 7 × 14285714285 + 4
    expect(sevenDrOk('999999999994')).toBe(true);
    expect(sevenDrOk('99999999999a')).toBe(false);
  });

  it('catches one wrong digit and two swapped digits', () => {
    expect(sevenDrOk('123456789013')).toBe(true);
    expect(sevenDrOk('123456789113')).toBe(false);
    expect(sevenDrOk('213456789013')).toBe(false);
  });
});

describe('UPU S10 check digit (Japan Post international)', () => {
  it('weights 8,6,4,2,3,5,9,7 and maps 10 to 0 and 11 to 5', () => {
    // 47312482: S = 200, 200 mod 11 = 2, 11 − 2 = 9
    expect(s10Ok('RR473124829JP')).toBe(true);
    expect(s10Ok('RR473124828JP')).toBe(false);
    // 00000000: S = 0, 11 − 0 = 11 → 5
    expect(s10Ok('EA000000005JP')).toBe(true);
    // 00000001: S = 7, 11 − 7 = 4
    expect(s10Ok('EA000000014JP')).toBe(true);
  });
});

describe('trackingNumberProblem', () => {
  it.each([
    ['yamato', '123456789013', null],
    ['yamato', '123456789012', 'checkDigit'],
    ['yamato', '12345678901', 'shape'],
    ['japanpost', '123456789013', null],
    ['japanpost', '123456789012', 'checkDigit'],
    ['japanpost', 'RR473124829JP', null],
    ['japanpost', 'RR473124820JP', 'checkDigit'],
    // 11 and 13 digits: no confirmed rule, shape only
    ['japanpost', '12345678901', null],
    ['sagawa', '1234567890', null],
    ['sagawa', '123', 'shape'],
  ] as const)('%s %s → %s', (carrier, n, problem) => {
    expect(trackingNumberProblem(carrier, n)).toBe(problem);
  });
});

describe('the single tracking entry schema (console and server alike)', () => {
  const issues = (carrier: string, tracking_number: string) => {
    const r = trackingNumberSchema.safeParse({ carrier, tracking_number });
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('puts the shape or check-digit problem on the number, after normalising it as the server does', () => {
    expect(issues('yamato', '1234-5678-9013')).toEqual([]);
    expect(issues('yamato', '１２３４５６７８９０１３')).toEqual([]);
    expect(issues('yamato', '123456789012')).toEqual([['tracking_number', 'trackingNumberCheckDigit']]);
    expect(issues('yamato', '12345')).toEqual([['tracking_number', 'trackingNumberInvalid']]);
    expect(issues('japanpost', 'EA123456784JP')).toEqual([['tracking_number', 'trackingNumberCheckDigit']]);
    expect(issues('yamato', ' ')).toEqual([['tracking_number', 'required']]);
  });
  it('is the server route’s schema too (with the parcel id)', () => {
    expect(trackingEntrySchema.safeParse({ id: '7', carrier: 'yamato', tracking_number: '123456789012' }).success).toBe(
      false,
    );
    expect(trackingEntrySchema.safeParse({ id: '7', carrier: 'yamato', tracking_number: '123456789013' }).success).toBe(
      true,
    );
  });
});

it('says nothing more of a number for an unknown carrier or one already too long', () => {
  const r = trackingNumberSchema.safeParse({ carrier: 'owl', tracking_number: '1' });
  expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['invalid']);
  const long = trackingNumberSchema.safeParse({ carrier: 'yamato', tracking_number: '1'.repeat(41) });
  expect(long.success ? [] : long.error.issues.map((i) => i.message)).toEqual(['trackingNumberInvalid']);
});
