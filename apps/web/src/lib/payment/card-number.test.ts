import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { caretAfterFormat, cardDigits, detectCardBrand, formatCardNumber } from './card-number';
import { splitCardNumber } from './card-token';

describe('the card-number field', () => {
  it('groups digits as the card prints them', () => {
    expect(formatCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(formatCardNumber('4111-1111 11')).toBe('4111 1111 11');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('')).toBe('');
  });

  it('tells the brand from the first digits', () => {
    expect(detectCardBrand('4')).toBe('visa');
    expect(detectCardBrand('5555 5555')).toBe('mastercard');
    expect(detectCardBrand('2221 00')).toBe('mastercard');
    expect(detectCardBrand('3530 1113')).toBe('jcb');
    expect(detectCardBrand('3714')).toBe('amex');
    expect(detectCardBrand('3056')).toBe('diners');
    expect(detectCardBrand('6011')).toBeNull();
  });

  it('keeps every digit (up to 20) whatever is typed or pasted, and the four parts rebuild the number', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const formatted = formatCardNumber(typed);
        const digits = cardDigits(typed);
        expect(formatted.replace(/ /g, '')).toBe(digits);
        expect(splitCardNumber(digits).join('')).toBe(digits);
      }),
    );
  });

  it('puts the caret after the same digit as before', () => {
    expect(caretAfterFormat('4111 1111 1', 5)).toBe(6);
    expect(caretAfterFormat('4111 1111 1', 4)).toBe(4);
    expect(caretAfterFormat('4111', 0)).toBe(0);
  });
});
