import { afterEach, describe, expect, it, vi } from 'vitest';
import { cardErrorTarget, localCardErrors, tokenizeCard, tokenRequestBody, type CardInput } from './card-token';

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
