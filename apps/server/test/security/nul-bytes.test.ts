import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, type TestMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

/**
 * Issue 12 A7: PostgreSQL refuses text with a NUL byte, so a NUL that reached a query was a 500. Every string input
 * (the json fields, query strings, path parameters) is refused at the edge with a 400 in the caller's language.
 */
let shop: TestShop;
let member: TestMember;
beforeAll(async () => {
  shop = await startTestShop();
  member = await buildMember(shop, { lang: 'en' });
});
afterAll(() => shop?.close());

const NUL = '\u0000';

describe('a NUL byte in any string input is a 400 validation envelope', () => {
  it('in the login mail', async () => {
    for (const lang of ['ja', 'en'] as const) {
      const r = await shop.client(lang).post('/user/login', { mail: `a${NUL}@example.test`, pass: 'secret123' });
      expect(r.state).toBe(400);
      expect(r.errors?.mail?.[0]).toBe(
        lang === 'en' ? 'The request is malformed' : 'リクエストの形式が正しくありません',
      );
    }
  });

  it('in a coupon code', async () => {
    const r = await member.client.post('/user/coupon/use', { couponCode: `AB${NUL}CD` });
    expect(r.state).toBe(400);
    expect(Object.keys(r.errors ?? {})).toContain('couponCode');
  });

  it.each([
    ['/user/point/end?payment_id=', 'payment_id'],
    ['/user/pay_result?payment_id=', 'payment_id'],
    ['/user/bank?payment_id=', 'payment_id'],
    ['/acs/secure?payment=', 'payment'],
  ])('in the payment id of %s', async (path, field) => {
    const c = shop.client('en');
    c.setCookie('sid', member.client.cookie('sid')!);
    const r = await c.get(`${path}pay%00ment`);
    expect(c.lastStatus).toBe(400);
    expect(r.state).toBe(400);
    expect(r.errors?.[field]?.[0]).toBe('The request is malformed');
  });

  it('in a path parameter and a form field', async () => {
    const c = shop.client('en');
    const r = await c.get('/user/pack/card_list/ab%00cd');
    expect(r.state).toBe(400);
    const f = await c.post('/user/login', '{"mail":"x@example.test","pass":"a\\u0000b"}');
    expect(f.state).toBe(400);
    expect(f.errors?.pass?.[0]).toBe('The request is malformed');
  });
});
