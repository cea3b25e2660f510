import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { THROTTLE_RULES } from '../../src/services/auth-throttle.ts';
import { openSecret, TOTP_PERIOD } from '../../src/services/admin/totp.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { codeAt, createStaff, STAFF_PASSWORD, staffClient } from './staff-fixtures.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const login = (mail: string, pass = STAFF_PASSWORD) => {
  const c = shop.client();
  return c.post('/admin/login', { mail, pass }).then((r) => ({ c, r }));
};

describe('staff sign-in', () => {
  it('sets the staff cookie for /api/admin only, strict and at most 8 hours', async () => {
    const s = await createStaff(shop, 'support');
    const c = shop.client();
    await c.get('/user/point');
    const res = await c.raw('/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        ...c.csrf!,
        json: JSON.stringify({ mail: s.mail, pass: STAFF_PASSWORD }),
      }).toString(),
    });
    const line = res.headers.getSetCookie().find((l) => l.startsWith('staff_sid='));
    expect(line).toMatch(/Path=\/api\/admin/);
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Strict/i);
    expect(line).toMatch(/Max-Age=28800/);
  });

  it('refuses a wrong password and an unknown mail alike; a member login is not a staff login', async () => {
    const s = await createStaff(shop, 'support');
    const wrong = (await login(s.mail, 'not the password')).r;
    const unknown = (await login('nobody@staff.test')).r;
    expect(wrong.state).toBe(400);
    expect(unknown.errors).toEqual(wrong.errors);
    expect(wrong.errors?.mail?.[0]).toBe('メールアドレスまたはパスワードが一致しません');
  });

  it('a member session cannot reach the console', async () => {
    const { buildMember } = await import('../factories.ts');
    const m = await buildMember(shop);
    expect((await m.client.get('/admin/members')).state).toBe(401);
  });

  it('throttles failed logins like member login (a locked pair answers 429 even with the right password)', async () => {
    const s = await createStaff(shop, 'support');
    const c = shop.client();
    for (let i = 0; i < THROTTLE_RULES.loginPair.limit; i++) {
      expect((await c.post('/admin/login', { mail: s.mail, pass: 'wrong password!!' })).state).toBe(400);
    }
    const locked = await c.post('/admin/login', { mail: s.mail, pass: STAFF_PASSWORD });
    expect(locked.state).toBe(429);
    expect(locked.errors?.mail?.[0]).toMatch(/分後にもう一度お試しください/);
  });

  it('a disabled staff member cannot sign in', async () => {
    const s = await createStaff(shop, 'support');
    await shop.ctx.db.pool.query('UPDATE staff SET disabled_at = now() WHERE id = $1', [s.id]);
    expect((await login(s.mail)).r.state).toBe(400);
  });
});

describe('TOTP', () => {
  it('sets up with an otpauth URI (SHA1, 6 digits, 30 s) and a QR code, stores the secret sealed', async () => {
    const s = await createStaff(shop, 'operator');
    const { c } = await login(s.mail);
    // Before the second factor, nothing but the sign-in steps.
    expect((await c.get('/admin/session')).staff).toMatchObject({ stage: 'password', totp_enabled: false });
    const setup = await c.post('/admin/totp/setup');
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/.+\?secret=[A-Z2-7]+&issuer=/);
    expect(setup.qr_svg).toMatch(/^<svg/);
    expect(TOTP_PERIOD).toBe(30);
    const bad = await c.post('/admin/totp/enable', { code: '12345' });
    expect(bad.errors?.code?.[0]).toBe('認証アプリに表示された6桁の数字を入力してください');
    const wrong = await c.post('/admin/totp/enable', {
      code: (Number(await codeAt(shop, setup.secret as string)) + 1).toString().padStart(6, '0').slice(-6),
    });
    expect(wrong.state).toBe(400);
    const ok = await c.post('/admin/totp/enable', { code: await codeAt(shop, setup.secret as string) });
    expect(ok.state).toBe(200);
    expect(ok.recovery_codes).toHaveLength(10);
    expect(ok.staff).toMatchObject({ stage: 'full', role: 'operator' });
    const { rows } = await shop.ctx.db.pool.query('SELECT totp_secret FROM staff WHERE id = $1', [s.id]);
    expect(rows[0].totp_secret).not.toContain(setup.secret as string);
    expect(openSecret(shop.ctx.config.sessionSecret, rows[0].totp_secret)).toBe(setup.secret);
    const codes = await shop.ctx.db.pool.query('SELECT code_hash FROM staff_recovery_codes WHERE staff_id = $1', [
      s.id,
    ]);
    expect(codes.rows.map((r) => r.code_hash)).not.toContain((ok.recovery_codes as string[])[0]);
  });

  it('asks for a code at the next sign-in; a code is accepted once; a recovery code works once', async () => {
    const first = await staffClient(shop, 'support');
    // A second sign-in in the same 30 s: the code just used for setup is not accepted again.
    const { c } = await login(first.staff.mail);
    expect((await c.get('/admin/members')).state).toBe(401);
    const replay = await c.post('/admin/totp/verify', { code: await codeAt(shop, first.totpSecret) });
    expect(replay.state).toBe(400);
    expect(replay.errors?.code?.[0]).toBe('確認コードが正しくありません。最新のコードを入力してください');
    // The next step's code is accepted (one step of drift allowed).
    shop.clock.advance(TOTP_PERIOD * 1000);
    const next = await c.post('/admin/totp/verify', { code: await codeAt(shop, first.totpSecret) });
    expect(next.state, JSON.stringify(next)).toBe(200);
    expect((await c.get('/admin/members')).state).toBe(200);

    const again = (await login(first.staff.mail)).c;
    const code = first.recoveryCodes[0]!;
    expect((await again.post('/admin/totp/verify', { recovery_code: code.toUpperCase() })).state).toBe(200);
    const third = (await login(first.staff.mail)).c;
    expect((await third.post('/admin/totp/verify', { recovery_code: code })).state).toBe(400);
  });

  it('throttles wrong codes', async () => {
    const s = await staffClient(shop, 'support');
    const { c } = await login(s.staff.mail);
    for (let i = 0; i < THROTTLE_RULES.loginPair.limit; i++) {
      expect((await c.post('/admin/totp/verify', { code: '000000' })).state).toBe(400);
    }
    shop.clock.advance(TOTP_PERIOD * 1000);
    const locked = await c.post('/admin/totp/verify', { code: await codeAt(shop, s.totpSecret) });
    expect(locked.state).toBe(429);
  });

  it('ends a session after 60 idle minutes', async () => {
    const s = await staffClient(shop, 'support');
    expect((await s.get('/admin/members')).state).toBe(200);
    shop.clock.advance(61 * 60_000);
    expect((await s.get('/admin/members')).state).toBe(401);
  });
});

describe('invitations and staff management', () => {
  it('the owner invites, the link sets a password once, roles change and disabling ends sessions', async () => {
    const owner = await staffClient(shop, 'owner');
    const invite = await owner.post('/admin/staff', {
      mail: 'new.support@staff.test',
      name: '新人 サポート',
      role: 'support',
    });
    expect(invite.state, JSON.stringify(invite)).toBe(200);
    const token = new URL(invite.link as string).searchParams.get('token')!;
    const guest = shop.client();
    expect(await guest.get(`/admin/setup?token=${token}`)).toMatchObject({
      valid: true,
      mail: 'new.support@staff.test',
    });
    const short = await guest.post('/admin/setup', { token, pass: 'short', confirmPass: 'short' });
    expect(short.errors?.pass?.[0]).toBe('パスワードは12〜128文字で入力してください');
    expect(
      (await guest.post('/admin/setup', { token, pass: 'a long passphrase', confirmPass: 'a long passphrase' })).state,
    ).toBe(200);
    expect((await guest.get('/admin/session')).staff).toMatchObject({ stage: 'password', role: 'support' });
    expect(
      (await shop.client().post('/admin/setup', { token, pass: 'a long passphrase', confirmPass: 'a long passphrase' }))
        .errors?.token?.[0],
    ).toMatch(/無効/);

    const list = await owner.get('/admin/staff');
    const row = (list.staff as { id: number; mail: string }[]).find((x) => x.mail === 'new.support@staff.test')!;
    expect((await owner.post(`/admin/staff/${row.id}/role`, { role: 'cashier' })).state).toBe(400);
    expect((await owner.post(`/admin/staff/${row.id}/role`, { role: 'shipping' })).state).toBe(200);
    // A new role signs the person out.
    expect((await guest.get('/admin/session')).state).toBe(401);
    expect((await owner.post(`/admin/staff/${row.id}/disable`)).state).toBe(200);
    expect((await login('new.support@staff.test', 'a long passphrase')).r.state).toBe(400);
    expect(
      (await owner.post('/admin/staff', { mail: 'NEW.support@staff.test', name: 'x', role: 'support' })).errors
        ?.mail?.[0],
    ).toBe('このメールアドレスのスタッフは既に登録されています');

    const actions = await owner.get(`/admin/audit?staff_id=${owner.staff.id}`);
    expect((actions.rows as { action: string }[]).map((r) => r.action)).toEqual([
      'staff.disable',
      'staff.role',
      'staff.create',
    ]);
  });

  // Two owners disabling each other at once: test/admin/approvals-owners.test.ts (a change to another owner waits
  // for a second owner since issue 21, ADR 0039).
  it('no one acts on themselves', async () => {
    const a = await staffClient(shop, 'owner');
    const self = await a.post(`/admin/staff/${a.staff.id}/disable`, { reason: 'x' });
    expect(self.errors?.general?.[0]).toBe('自分自身のアカウントにはこの操作を行えません');
  });
});
