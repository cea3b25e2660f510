import { describe, expect, it } from 'vitest';
import { s10Ok, sevenDrOk, trackingNumberProblem } from './check-digits.ts';

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
