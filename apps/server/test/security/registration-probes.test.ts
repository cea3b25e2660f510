import { afterAll, beforeAll, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../src/services/auth-throttle.ts';
import { postFrom } from '../accounts/login-from.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { validRegistration } from '../accounts/registration-form.ts';

/**
 * Issue 12 A9: /api/user/confirm answered "already registered" for any mail with no throttle (a free list of
 * members), and registrations had no rate limit (100 accounts from one address in 2.2 s).
 */
let shop: TestShop;
beforeAll(async () => {
  // Behind one proxy hop, so each test uses its own client address.
  shop = await startTestShop({ TRUST_PROXY: '1' });
});
afterAll(() => shop?.close());

const valid = validRegistration;

it('confirm does not tell whether a mail is registered; creating the account does, once it is asked for', async () => {
  const m = await buildMember(shop);
  const probe = await postFrom(shop.client('en'), '198.51.100.20', '/user/confirm', valid({ mail: m.mail }));
  expect(probe.state).toBe(200);
  const append = await postFrom(shop.client('en'), '198.51.100.20', '/user/append', valid({ mail: m.mail }));
  expect(append.state).toBe(400);
  expect(append.errors?.mail).toEqual(['This email address is already registered']);
});

it('throttles confirm per client address', async () => {
  const ip = '198.51.100.21';
  for (let i = 0; i < THROTTLE_RULES.registrationCheckIp.limit; i++) {
    expect((await postFrom(shop.client(), ip, '/user/confirm', valid())).state).toBe(200);
  }
  const refused = await postFrom(shop.client('en'), ip, '/user/confirm', valid());
  expect(refused.state).toBe(429);
  expect(refused.errors?.general?.[0]).toBe('Too many requests. Please try again shortly');
  // Malformed forms are answered without counting, and other addresses are not affected.
  expect((await postFrom(shop.client(), '198.51.100.22', '/user/confirm', valid())).state).toBe(200);
});

it('throttles registrations per client address', async () => {
  const ip = '198.51.100.23';
  for (let i = 0; i < THROTTLE_RULES.registrationIp.limit; i++) {
    expect((await postFrom(shop.client(), ip, '/user/append', valid())).state).toBe(200);
  }
  const body = valid();
  const refused = await postFrom(shop.client('ja'), ip, '/user/append', body);
  expect(refused.state).toBe(429);
  expect(refused.errors?.general?.[0]).toBe('アクセスが集中しています。しばらくしてからもう一度お試しください');
  const { rows } = await shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM members WHERE mail = $1', [body.mail]);
  expect(rows[0].n).toBe(0);
});

it('REGISTRATION_LIMIT_PER_HOUR sets how many accounts one address may create', async () => {
  expect(shop.ctx.config.registrationLimitPerHour).toBe(THROTTLE_RULES.registrationIp.limit);
  const strict = await startTestShop({ TRUST_PROXY: '1', REGISTRATION_LIMIT_PER_HOUR: '2' });
  try {
    const ip = '198.51.100.24';
    for (let i = 0; i < 2; i++) expect((await postFrom(strict.client(), ip, '/user/append', valid())).state).toBe(200);
    expect((await postFrom(strict.client(), ip, '/user/append', valid())).state).toBe(429);
  } finally {
    await strict.close();
  }
});
