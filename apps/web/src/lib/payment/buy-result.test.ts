import { describe, expect, it } from 'vitest';
import { buyOutcome } from './buy-result';

describe('buy-point result rules (spec section 4)', () => {
  it('state 200, result 1 with a receipt goes to the convenience-store page', () => {
    expect(buyOutcome({ state: 200, result: '1', receipt: 'R-12 3', payment_id: 'p' })).toEqual({
      kind: 'combini',
      to: '/confirm-combini?paymentID=R-12%203',
    });
  });
  it('a url starting with http is a full redirect', () => {
    expect(buyOutcome({ state: 200, result: '1', url: 'https://wallet.example/approve?x=1' })).toEqual({
      kind: 'redirect',
      url: 'https://wallet.example/approve?x=1',
    });
    expect(buyOutcome({ state: 200, result: '1', url: 'http://127.0.0.1/sandbox/pay' }).kind).toBe('redirect');
  });
  it('any other url is an in-app route', () => {
    expect(buyOutcome({ state: 200, result: '1', url: '/bank-transfer-information?payment_id=a' })).toEqual({
      kind: 'route',
      to: '/bank-transfer-information?payment_id=a',
    });
    expect(buyOutcome({ state: 200, result: '1', url: 'payge-transfer-information' })).toEqual({
      kind: 'route',
      to: '/payge-transfer-information',
    });
  });
  it("url '1' is the success alert", () => {
    expect(buyOutcome({ state: 200, result: '1', url: '1' })).toEqual({ kind: 'success' });
  });
  it("result '7' goes to the secure redirect", () => {
    expect(buyOutcome({ state: 200, result: '7', url: '/api/acs/secure?payment=pay_1', payment_id: 'pay_1' })).toEqual({
      kind: 'secure',
      url: '/api/acs/secure?payment=pay_1',
      paymentId: 'pay_1',
    });
    expect(buyOutcome({ state: 200, result: '7', payment_id: 'pay_2' })).toEqual({
      kind: 'secure',
      url: '/api/acs/secure?payment=pay_2',
      paymentId: 'pay_2',
    });
  });
  it("result '7' at Stripe carries the client secret for Stripe.js", () => {
    expect(buyOutcome({ state: 200, result: '7', payment_id: 'pay_3', client_secret: 'pi_3_secret_x' })).toEqual({
      kind: 'secure',
      url: '/api/acs/secure?payment=pay_3',
      paymentId: 'pay_3',
      clientSecret: 'pi_3_secret_x',
    });
  });
  it('anything else is a failure, carrying the server wording when there is one', () => {
    expect(buyOutcome({ state: 400, errors: { name: ['全角カタカナで入力してください'] } })).toEqual({
      kind: 'failure',
      message: '全角カタカナで入力してください',
    });
    expect(buyOutcome({ state: 200, result: '0' as never })).toEqual({ kind: 'failure', message: undefined });
    expect(buyOutcome({ state: 0, networkError: true, errors: { general: ['communication'] } })).toEqual({
      kind: 'failure',
      message: undefined,
    });
    // A 200 state without result '1' or '7' is never a success.
    expect(buyOutcome({ state: 200 }).kind).toBe('failure');
  });
});
