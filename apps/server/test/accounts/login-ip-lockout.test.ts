import { afterAll, beforeAll, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../src/services/auth-throttle.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

// Its own file (own database) because it locks out the IP every test client shares.
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

it('locks an IP after 30 failures spread over many mails, then lets it in again after the lock', async () => {
  const m = await buildMember(shop);
  const limit = THROTTLE_RULES.loginIp.limit;
  expect(limit).toBeGreaterThan(THROTTLE_RULES.loginAccount.limit);
  for (let i = 0; i < limit; i++) {
    const r = await shop.client().post('/user/login', { mail: `spray${i}@example.test`, pass: 'guess123' });
    expect(r.state).toBe(400);
  }
  // A member who never failed is refused too while the IP is locked; nothing is verified.
  const locked = await shop.client('en').post('/user/login', { mail: m.mail, pass: m.pass });
  expect(locked.state).toBe(429);
  expect(locked.reason).toBe('locked');
  expect(locked.errors?.mail?.[0]).toMatch(/^Too many login attempts\. Try again in \d+ minutes$/);
  const { rows } = await shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM sessions WHERE member_id = $1', [m.id]);
  expect(rows[0].n).toBe(1); // only the factory's session

  shop.clock.advance(THROTTLE_RULES.loginIp.lockMs - 5 * 60_000);
  const later = await shop.client('ja').post('/user/login', { mail: m.mail, pass: m.pass });
  expect(later.state).toBe(429);
  expect(later.errors?.mail?.[0]).toContain('5分後');

  shop.clock.advance(5 * 60_000 + 1000);
  expect((await shop.client().post('/user/login', { mail: m.mail, pass: m.pass })).state).toBe(200);
});
