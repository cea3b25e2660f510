import { afterAll, beforeAll, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../src/services/auth-throttle.ts';
import { ApiClient } from '../api-client.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { codeAt, createStaff, STAFF_PASSWORD } from './staff-fixtures.ts';

// Behind one proxy hop, so the test can sign in from several client addresses (X-Forwarded-For).
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ TRUST_PROXY: '1' });
});
afterAll(() => shop.close());

const USUAL = '198.51.100.7';
/** A client whose every request comes from `ip`. */
const from = (ip: string, lang: 'ja' | 'en' = 'ja') => new ApiClient(shop.baseUrl, lang, { 'x-forwarded-for': ip });

/** The whole sign-in from `ip`: password, then the second factor (set up on the first sign-in). */
async function signIn(ip: string, mail: string, secret: { value: string | null }) {
  const c = from(ip);
  const login = await c.post('/admin/login', { mail, pass: STAFF_PASSWORD });
  if (login.state !== 200) return { c, login, done: null };
  if (!secret.value) {
    secret.value = (await c.post('/admin/totp/setup')).secret as string;
    const enabled = await c.post('/admin/totp/enable', { code: await codeAt(shop, secret.value) });
    return { c, login, done: enabled };
  }
  shop.clock.advance(30_000); // a TOTP code is accepted once: the next sign-in uses the next step's
  return { c, login, done: await c.post('/admin/totp/verify', { code: await codeAt(shop, secret.value) }) };
}

// Issue 21 §3: 60 wrong passwords for the owner's mail from 12 other addresses locked the owner out for 15 minutes,
// even from the address it always signs in from. Members were already spared this (ADR 0010).
it('an attack on the owner mail from many addresses does not lock the owner out of its usual address', async () => {
  const owner = await createStaff(shop, 'owner');
  const secret = { value: null as string | null };
  const first = await signIn(USUAL, owner.mail, secret);
  expect(first.done?.state, JSON.stringify(first.done)).toBe(200);

  const states: number[] = [];
  for (let a = 0; a < 12; a++) {
    for (let i = 0; i < 5; i++) {
      states.push(
        (await from(`203.0.113.${10 + a}`).post('/admin/login', { mail: owner.mail, pass: 'x'.repeat(12) })).state,
      );
    }
  }
  expect(states).toHaveLength(60);
  // The mail is locked after THROTTLE_RULES.loginAccount.limit failures…
  expect(states.slice(THROTTLE_RULES.loginAccount.limit)).toEqual(
    Array(60 - THROTTLE_RULES.loginAccount.limit).fill(429),
  );
  // …for an address the owner never signed in from, the right password included…
  const stranger = await from('192.0.2.99', 'en').post('/admin/login', { mail: owner.mail, pass: STAFF_PASSWORD });
  expect(stranger.state).toBe(429);
  expect(stranger.errors?.mail?.[0]).toMatch(/^Too many login attempts\. Try again in \d+ minutes$/);

  // …but not from the owner's usual address: password, second factor, a full session.
  const again = await signIn(USUAL, owner.mail, secret);
  expect(again.login.state, JSON.stringify(again.login)).toBe(200);
  expect(again.done?.state, JSON.stringify(again.done)).toBe(200);
  expect((await again.c.get('/admin/session')).staff).toMatchObject({ stage: 'full', role: 'owner' });
  // A wrong password there is only a mismatch, not a lock.
  expect((await from(USUAL).post('/admin/login', { mail: owner.mail, pass: 'y'.repeat(12) })).state).toBe(400);
});

it('an address where only the password step succeeded is not yet known (the whole sign-in makes it known)', async () => {
  const owner = await createStaff(shop, 'owner');
  const secret = { value: null as string | null };
  expect((await signIn(USUAL, owner.mail, secret)).done?.state).toBe(200);
  // Someone with the password but not the second factor, from an address of their own.
  const THIEF = '192.0.2.150';
  expect((await from(THIEF).post('/admin/login', { mail: owner.mail, pass: STAFF_PASSWORD })).state).toBe(200);
  for (let i = 0; i < THROTTLE_RULES.loginAccount.limit; i++) {
    await from(`10.9.${i >> 8}.${i & 255}`).post('/admin/login', { mail: owner.mail, pass: 'z'.repeat(12) });
  }
  expect((await from(THIEF).post('/admin/login', { mail: owner.mail, pass: STAFF_PASSWORD })).state).toBe(429);
  expect((await signIn(USUAL, owner.mail, secret)).done?.state).toBe(200);
});
