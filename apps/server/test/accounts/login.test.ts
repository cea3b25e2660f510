import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../src/services/auth-throttle.ts';
import { buildMember } from '../factories.ts';
import { postFrom } from './login-from.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  // Behind one proxy hop, so a test can log in from several client addresses (X-Forwarded-For).
  shop = await startTestShop({ TRUST_PROXY: '1' });
});
afterAll(() => shop.close());

async function loginRaw(lang: 'ja' | 'en', body: Record<string, unknown>) {
  const c = shop.client(lang);
  await c.get('/user/point');
  const form = new URLSearchParams({ ...c.csrf!, json: JSON.stringify(body) });
  const res = await c.raw('/api/user/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  return { c, res, body: (await res.json()) as { state: number; errors?: Record<string, string[]> } };
}

describe('POST /api/user/login', () => {
  it('logs in with a browser-session cookie when save_cookie is not set', async () => {
    const m = await buildMember(shop);
    const { c, res, body } = await loginRaw('ja', { mail: m.mail, pass: m.pass, save_cookie: '0' });
    expect(body.state).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith('sid=m.'));
    expect(line).toBeDefined();
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).not.toMatch(/Max-Age/i);
    const me = await c.get('/user/point');
    expect(me).toMatchObject({ state: 200, is_login: '1', id: m.id });
  });

  it('makes the cookie persistent for 30 days with save_cookie 1', async () => {
    const m = await buildMember(shop);
    const { res, body } = await loginRaw('ja', { mail: m.mail.toUpperCase(), pass: m.pass, save_cookie: '1' });
    expect(body.state).toBe(200);
    const line = res.headers.getSetCookie().find((l) => l.startsWith('sid=m.'));
    expect(line).toMatch(/Max-Age=2592000/);
    const { rows } = await shop.ctx.db.pool.query('SELECT persistent FROM sessions WHERE member_id = $1', [m.id]);
    expect(rows.map((r) => r.persistent)).toContain(true);
  });

  it('replaces the session when a logged-in member logs in again', async () => {
    const m = await buildMember(shop);
    const before = m.client.cookie('sid');
    expect((await m.client.post('/user/login', { mail: m.mail, pass: m.pass })).state).toBe(200);
    expect(m.client.cookie('sid')).not.toBe(before);
    expect((await m.client.get('/user/point')).is_login).toBe('1');
    const { rows } = await shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM sessions WHERE member_id = $1', [
      m.id,
    ]);
    expect(rows[0].n).toBe(1);
  });

  it('answers a wrong password and an unknown mail with the same mismatch message', async () => {
    const m = await buildMember(shop);
    const wrong = await shop.client('ja').post('/user/login', { mail: m.mail, pass: 'wrongpass' });
    const unknown = await shop.client('ja').post('/user/login', { mail: 'nobody@example.test', pass: 'wrongpass' });
    for (const r of [wrong, unknown]) {
      expect(r.state).toBe(400);
      expect(r.errors).toEqual({ mail: ['メールアドレスまたはパスワードが一致しません'] });
    }
    const en = await shop.client('en').post('/user/login', { mail: m.mail, pass: 'nope' });
    expect(en.errors?.mail).toEqual(['Email address or password do not match']);
  });

  it('refuses missing fields per field', async () => {
    const res = await shop.client('en').post('/user/login', { mail: '', save_cookie: 'yes' });
    expect(res.state).toBe(400);
    expect(res.errors?.mail).toEqual(['This field is required']);
    expect(res.errors?.pass?.[0]).toBeTruthy();
    expect(res.errors?.save_cookie).toEqual(['Invalid value']);
  });

  // Issue 12 A8: ten wrong passwords from anywhere used to lock the account for everyone, the owner included.
  it('slows wrong passwords per account and address, progressively, without locking the owner out elsewhere', async () => {
    const m = await buildMember(shop);
    const rule = THROTTLE_RULES.loginPair;
    const login = (ip: string, pass: string, lang: 'ja' | 'en' = 'ja') =>
      postFrom(shop.client(lang), ip, '/user/login', { mail: m.mail, pass });
    for (let i = 0; i < rule.limit; i++) expect((await login('198.51.100.1', `wrong${i}x`)).state).toBe(400);
    // The address that failed waits, even with the right password, and is told how long.
    const locked = await login('198.51.100.1', m.pass);
    expect(locked.state).toBe(429);
    expect(locked.reason).toBe('locked');
    expect(locked.errors?.mail?.[0]).toBe('ログインの試行回数が上限を超えました。1分後にもう一度お試しください');
    expect((await login('198.51.100.1', m.pass, 'en')).errors?.mail?.[0]).toBe(
      'Too many login attempts. Try again in 1 minutes',
    );
    // The owner elsewhere is not affected.
    const elsewhere = await login('192.0.2.7', m.pass);
    expect(elsewhere, JSON.stringify(elsewhere)).toMatchObject({ state: 200 });
    // Each further failure from that address doubles the wait.
    shop.clock.advance(rule.lockMs + 1000);
    expect((await login('198.51.100.1', 'wrongagain')).state).toBe(400);
    const longer = await login('198.51.100.1', m.pass);
    expect(longer.state).toBe(429);
    expect(longer.errors?.mail?.[0]).toContain('2分後');
    shop.clock.advance(2 * rule.lockMs + 1000);
    // The right password clears the count for that address.
    expect((await login('198.51.100.1', m.pass)).state).toBe(200);
    for (let i = 0; i < rule.limit - 1; i++) expect((await login('198.51.100.1', 'wrongpass')).state).toBe(400);
    expect((await login('198.51.100.1', m.pass)).state).toBe(200);
  });

  it('never lets the progressive wait grow past its bound', () => {
    const rule = THROTTLE_RULES.loginPair;
    expect(rule.maxLockMs).toBeLessThanOrEqual(60 * 60_000);
    expect(rule.maxLockMs).toBeGreaterThan(rule.lockMs);
  });
});

describe('GET /api/user/logout', () => {
  it('ends the session: the old cookie no longer logs in', async () => {
    const m = await buildMember(shop);
    const oldSid = m.client.cookie('sid')!;
    expect((await m.client.get('/user/point')).is_login).toBe('1');
    const res = await m.client.get('/user/logout');
    expect(res.state).toBe(200);
    expect(m.client.cookie('sid')).toMatch(/^g\./);
    expect((await m.client.get('/user/point')).is_login).toBe('0');
    const thief = shop.client();
    thief.setCookie('sid', oldSid);
    expect((await thief.get('/user/point')).is_login).toBe('0');
  });

  it('is harmless for a guest', async () => {
    expect((await shop.client().get('/user/logout')).state).toBe(200);
  });
});
