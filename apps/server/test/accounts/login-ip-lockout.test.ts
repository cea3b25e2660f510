import { afterAll, beforeAll, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../src/services/auth-throttle.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { postFrom } from './login-from.ts';

// Behind one proxy hop, so the test can log in from several client addresses (X-Forwarded-For).
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ TRUST_PROXY: '1' });
});
afterAll(() => shop.close());

const SPRAYER = '203.0.113.50';

// Issue 12 A8: 30 failures used to lock a whole address, its own members included (a shared office or carrier NAT).
it('locks an address spraying many mails for accounts it never logged into, but not for its own members', async () => {
  const known = await buildMember(shop);
  const stranger = await buildMember(shop);
  const login = (ip: string, mail: string, pass: string, lang: 'ja' | 'en' = 'ja') =>
    postFrom(shop.client(lang), ip, '/user/login', { mail, pass });
  expect((await login(SPRAYER, known.mail, known.pass)).state).toBe(200);

  const limit = THROTTLE_RULES.loginIp.limit;
  expect(limit).toBeGreaterThan(THROTTLE_RULES.loginPair.limit);
  for (let i = 0; i < limit; i++) expect((await login(SPRAYER, `spray${i}@example.test`, 'guess123')).state).toBe(400);

  // An account this address never logged into is refused before any password check.
  const locked = await login(SPRAYER, stranger.mail, stranger.pass, 'en');
  expect(locked.state).toBe(429);
  expect(locked.reason).toBe('locked');
  expect(locked.errors?.mail?.[0]).toMatch(/^Too many login attempts\. Try again in \d+ minutes$/);
  const { rows } = await shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM sessions WHERE member_id = $1', [
    stranger.id,
  ]);
  expect(rows[0].n).toBe(1); // only the factory's session

  // A member who logged in from here before still gets in, and a wrong password is only a mismatch.
  expect((await login(SPRAYER, known.mail, known.pass)).state).toBe(200);
  expect((await login(SPRAYER, known.mail, 'wrongpass')).state).toBe(400);
  // The stranger from their own address is not affected.
  expect((await login('192.0.2.80', stranger.mail, stranger.pass)).state).toBe(200);

  shop.clock.advance(THROTTLE_RULES.loginIp.lockMs - 5 * 60_000);
  const later = await login(SPRAYER, stranger.mail, stranger.pass);
  expect(later.state).toBe(429);
  expect(later.errors?.mail?.[0]).toContain('5分後');

  shop.clock.advance(5 * 60_000 + 1000);
  expect((await login(SPRAYER, stranger.mail, stranger.pass)).state).toBe(200);
});

it('locks a mail tried from many addresses for new addresses only, so the owner keeps logging in', async () => {
  const owner = await buildMember(shop);
  const login = (ip: string, pass: string) =>
    postFrom(shop.client('en'), ip, '/user/login', { mail: owner.mail, pass });
  expect((await login('192.0.2.200', owner.pass)).state).toBe(200);
  const rule = THROTTLE_RULES.loginAccount;
  // A botnet: each address stays under its own pair limit.
  for (let i = 0; i < rule.limit; i++) expect((await login(`10.1.${i >> 8}.${i & 255}`, 'guess123')).state).toBe(400);
  const fresh = await login('10.2.0.1', owner.pass);
  expect(fresh.state).toBe(429);
  expect(fresh.errors?.mail?.[0]).toMatch(/^Too many login attempts\. Try again in \d+ minutes$/);
  expect((await login('192.0.2.200', owner.pass)).state).toBe(200);
});
