import { afterAll, beforeAll, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../src/services/auth-throttle.ts';
import { postFrom } from '../accounts/login-from.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

/**
 * Issue 12 A1: with TRUST_PROXY=1 the server took the left-most X-Forwarded-For entry, which the client writes
 * itself: rotating it dodged the per-address login limit. One trusted hop means the address that proxy saw (the
 * entry it appended, the right-most).
 */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ TRUST_PROXY: '1' });
});
afterAll(() => shop?.close());

it('a client cannot pick its address by writing X-Forwarded-For itself', async () => {
  const stranger = await buildMember(shop);
  const attacker = '203.0.113.9'; // what the proxy saw and appended
  for (let i = 0; i < THROTTLE_RULES.loginIp.limit; i++) {
    const r = await postFrom(shop.client(), `10.${i}.0.1, ${attacker}`, '/user/login', {
      mail: `spray${i}@example.test`,
      pass: 'guess123',
    });
    expect(r.state).toBe(400);
  }
  const r = await postFrom(shop.client(), `10.250.0.1, ${attacker}`, '/user/login', {
    mail: stranger.mail,
    pass: stranger.pass,
  });
  expect(r.state).toBe(429);
});
