import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cardErrorTarget,
  localCardErrors,
  splitCardNumber,
  tokenErrorKey,
  tokenizeCard,
  tokenRequestBody,
  type CardInput,
} from './card-token';

const card: CardInput = {
  number: ['4111', '1111', '1111', '1111'],
  month: '3',
  year: '9',
  cvc: '123',
  name: 'TARO YAMADA',
};

describe('card-token error codes map to fields (spec section 8)', () => {
  it.each([
    ['1300', 'number'],
    ['1301', 'number'],
    ['1400', 'expire'],
    ['1401', 'expire'],
    ['1500', 'expire'],
    ['1501', 'expire'],
    ['1502', 'expire'],
    ['1600', 'cvc'],
    ['1601', 'cvc'],
    ['1700', 'name'],
    ['8000', 'maintenance'],
    ['7001', 'communication'],
    ['1503', 'other'],
    ['1299', 'other'],
    ['', 'other'],
  ])('%s → %s', (code, target) => {
    expect(cardErrorTarget(code)).toBe(target);
  });
});

describe('the token request', () => {
  afterEach(() => vi.unstubAllGlobals());
  it('zero-pads month and year into MM/YY and joins the number parts', () => {
    expect(tokenRequestBody(card)).toEqual({
      card_number: '4111111111111111',
      card_expire: '03/09',
      security_code: '123',
      cardholder_name: 'TARO YAMADA',
    });
  });
  it('answers the token, or the field of the error code', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce({ json: async () => ({ token: 'tok_abcdefgh', req_card_number: '************1111' }) });
    vi.stubGlobal('fetch', fetchMock);
    expect(await tokenizeCard(card)).toEqual({ ok: true, token: 'tok_abcdefgh', req_card_number: '************1111' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/sandbox/card/token');
    fetchMock.mockResolvedValueOnce({ json: async () => ({ error_code: '1601' }) });
    expect(await tokenizeCard(card)).toEqual({ ok: false, target: 'cvc', code: '1601' });
  });
  it('a network failure is a communication error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await tokenizeCard(card)).toMatchObject({ ok: false, target: 'communication' });
  });
});

describe('local card checks (core card schema)', () => {
  it('accepts a valid card', () => {
    expect(localCardErrors(card)).toEqual({});
  });
  it('flags each bad field', () => {
    expect(
      localCardErrors({ number: ['4111', '1111', '1111', '1112'], month: '13', year: 'x', cvc: '12', name: '山田' }),
    ).toEqual({
      number: 'cardNumberInvalid',
      expire: 'cardExpireInvalid',
      cvc: 'cardCvcInvalid',
      name: 'cardNameInvalid',
    });
  });
});

describe('pasting a whole number', () => {
  it('spreads it over the four parts (groups of 4, or 5 past 16 digits), at most 20 digits', () => {
    expect(splitCardNumber('4111111111111111')).toEqual(['4111', '1111', '1111', '1111']);
    expect(splitCardNumber('378282246310005')).toEqual(['3782', '8224', '6310', '005']);
    expect(splitCardNumber('6200000000000000005')).toEqual(['62000', '00000', '00000', '0005']);
    expect(splitCardNumber('1234567890123456789012')).toEqual(['12345', '67890', '12345', '67890']);
  });
});

describe('tokenErrorKey', () => {
  it('names the maintenance and communication messages, and "verify failed" for any card field', () => {
    expect(tokenErrorKey('maintenance')).toBe('card.maintenance');
    expect(tokenErrorKey('communication')).toBe('card.communication');
    for (const target of ['number', 'expire', 'cvc', 'name', 'other'] as const) {
      expect(tokenErrorKey(target)).toBe('card.verifyFailed');
    }
  });
});
