import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod } from './zod-errors.ts';
import { cardFormSchema, couponUseSchema, KATAKANA_NAME, luhnValid, padTwo, pointBuySchema } from './payment.ts';

const errors = (r: { success: boolean; error?: unknown }) =>
  r.success ? {} : fieldErrorsFromZod(r.error as Parameters<typeof fieldErrorsFromZod>[0]);

describe('payment validation', () => {
  it('card form: limits of spec section 5, zero-padded month/year, Luhn', () => {
    const ok = cardFormSchema.parse({
      card_number: '4111 1111 1111 1111',
      expire_month: '3',
      expire_year: '9',
      security_code: '123',
      cardholder_name: 'TARO YAMADA',
    });
    expect(ok).toMatchObject({ card_number: '4111111111111111', expire_month: '03', expire_year: '09' });
    const bad = cardFormSchema.safeParse({
      card_number: '4'.repeat(21),
      expire_month: '13',
      expire_year: '123',
      security_code: '12345',
      cardholder_name: 'A'.repeat(21),
    });
    expect(Object.keys(errors(bad)).sort()).toEqual([
      'card_number',
      'cardholder_name',
      'expire_month',
      'expire_year',
      'security_code',
    ]);
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
    expect(padTwo('7')).toBe('07');
  });

  it('point/buy: the 2026 methods, the retired LINE Pay, chains and old store groups (issue 23)', () => {
    for (const pay_id of [10, 11, 13, 14])
      expect(pointBuySchema.safeParse({ point_price_id: 1, pay_id }).success).toBe(true);
    expect(errors(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 9 })).pay_id).toEqual(['payIdRetired']);
    expect(errors(pointBuySchema.safeParse({ point_price_id: 1, pay_id: '9' })).pay_id).toEqual(['payIdRetired']);
    const chain = (combini_code: string) => pointBuySchema.safeParse({ point_price_id: 1, pay_id: 2, combini_code });
    expect(chain('seven-eleven').data?.combini_code).toBe('seven-eleven');
    expect(chain('econ').data?.combini_code).toBe('family-mart');
    expect(chain('other').data?.combini_code).toBe('lawson');
    expect(errors(chain('circle-k')).combini_code).toEqual(['combiniCodeInvalid']);
    expect(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 6, carrier_id: 'docomo' }).success).toBe(true);
  });

  it('point/buy: method fields per pay id', () => {
    expect(pointBuySchema.safeParse({ point_price_id: 1, pay_id: '2', combini_code: 'econ' }).success).toBe(true);
    expect(errors(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 2 }))).toHaveProperty('combini_code');
    expect(errors(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 6, carrier_id: 'x' }))).toHaveProperty(
      'carrier_id',
    );
    expect(errors(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 1 }))).toHaveProperty('token');
    expect(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 1, card_index: 3 }).success).toBe(true);
    expect(errors(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 15 }))).toHaveProperty('pay_id');
    expect(errors(pointBuySchema.safeParse({ point_price_id: 0, pay_id: 3 }))).toHaveProperty('point_price_id');
    expect(errors(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 4, name: 'yamada' })).name).toEqual([
      'bankNameKatakana',
    ]);
    expect(errors(pointBuySchema.safeParse({ point_price_id: 1, pay_id: 4 })).name).toEqual(['bankNameRequired']);
    expect(pointBuySchema.parse({ point_price_id: 1, pay_id: 4, name: ' ヤマダ　タロウ ' }).name).toBe(
      'ヤマダ　タロウ',
    );
  });

  it('katakana holder names', () => {
    for (const ok of ['ヤマダタロウ', 'ヤマダ　タロウ', 'ジョン・スミス', 'ヴィーナス'])
      expect(KATAKANA_NAME.test(ok)).toBe(true);
    for (const bad of ['やまだ', '山田', 'ﾔﾏﾀﾞ', 'YAMADA', 'ヤマダ1']) expect(KATAKANA_NAME.test(bad)).toBe(false);
  });

  it('coupon code: at most 20 characters, required', () => {
    expect(couponUseSchema.safeParse({ couponCode: 'A'.repeat(20) }).success).toBe(true);
    expect(errors(couponUseSchema.safeParse({ couponCode: 'A'.repeat(21) })).couponCode?.[0]).toMatch(/^tooLong/);
    expect(errors(couponUseSchema.safeParse({ couponCode: '  ' })).couponCode).toEqual(['couponRequired']);
  });
});
