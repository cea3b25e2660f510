import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_TOKEN_TTL_MS } from '../../src/services/password-reset.ts';
import { THROTTLE_RULES } from '../../src/services/auth-throttle.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

/** The newest mail to `to`, read the way a tester would: through the sandbox outbox. */
async function lastMailTo(to: string) {
  const res = await fetch(`${shop.baseUrl}/sandbox/outbox`);
  const { messages } = (await res.json()) as { messages: { recipient: string; subject: string; body: string }[] };
  return messages.find((m) => m.recipient === to);
}

function tokenOf(body: string): string {
  const m = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(body);
  if (!m) throw new Error(`no reset link in ${body}`);
  return m[1]!;
}

async function outboxCount() {
  const { rows } = await shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM outbox_messages');
  return rows[0].n as number;
}

describe('password reissue', () => {
  it('mails a single-use link, sets the new password, ends every session', async () => {
    const m = await buildMember(shop);
    expect((await m.client.get('/user/point')).is_login).toBe('1');
    const res = await shop.client('ja').post('/user/reset_password', { mail: m.mail.toUpperCase() });
    expect(res.state).toBe(200);
    const mail = await lastMailTo(m.mail);
    expect(mail?.subject).toBe('【キラキラオリパ】パスワード再設定のご案内');
    expect(mail?.body).toContain(`${shop.ctx.config.publicUrl}/reset-password?token=`);
    expect(mail?.body).toContain('30分以内');
    const token = tokenOf(mail!.body);
    // Only the hash is stored.
    const { rows } = await shop.ctx.db.pool.query('SELECT token_hash FROM password_resets WHERE member_id = $1', [
      m.id,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    expect((await shop.client().get(`/user/reset_password/check/${token}`)).state).toBe(200);
    const done = await shop.client().post('/user/reset_password/complete', {
      token,
      pass: 'brandnew9',
      confirmPass: 'brandnew9',
    });
    expect(done.state).toBe(200);
    expect((await m.client.get('/user/point')).is_login).toBe('0');
    expect((await shop.client().post('/user/login', { mail: m.mail, pass: m.pass })).state).toBe(400);
    expect((await shop.client().post('/user/login', { mail: m.mail, pass: 'brandnew9' })).state).toBe(200);

    const again = await shop.client('en').post('/user/reset_password/complete', {
      token,
      pass: 'another99',
      confirmPass: 'another99',
    });
    expect(again.state).toBe(400);
    expect(again.errors?.token).toEqual(['This link is invalid or has expired. Please request a new one']);
    expect((await shop.client().get(`/user/reset_password/check/${token}`)).state).toBe(400);
  });

  it('writes the mail in English for an English member', async () => {
    const m = await buildMember(shop, { lang: 'en' });
    expect((await shop.client('ja').post('/user/reset_password', { mail: m.mail })).state).toBe(200);
    const mail = await lastMailTo(m.mail);
    expect(mail?.subject).toBe('[KIRAKIRA ORIPA] Reset your password');
    expect(mail?.body).toContain('within 30 minutes');
  });

  it('answers 200 for an unknown mail without sending anything', async () => {
    const before = await outboxCount();
    const res = await shop.client().post('/user/reset_password', { mail: 'ghost@example.test' });
    expect(res.state).toBe(200);
    expect(await outboxCount()).toBe(before);
  });

  it('refuses a malformed mail on the mail field', async () => {
    const res = await shop.client('ja').post('/user/reset_password', { mail: 'nope' });
    expect(res.state).toBe(400);
    expect(res.errors?.mail).toEqual(['メールアドレスの形式が正しくありません']);
  });

  it('refuses an expired link', async () => {
    const m = await buildMember(shop);
    await shop.client().post('/user/reset_password', { mail: m.mail });
    const token = tokenOf((await lastMailTo(m.mail))!.body);
    shop.clock.advance(RESET_TOKEN_TTL_MS + 1000);
    try {
      expect((await shop.client().get(`/user/reset_password/check/${token}`)).state).toBe(400);
      const res = await shop.client('ja').post('/user/reset_password/complete', {
        token,
        pass: 'brandnew9',
        confirmPass: 'brandnew9',
      });
      expect(res.state).toBe(400);
      expect(res.errors?.token?.[0]).toContain('有効期限');
    } finally {
      shop.clock.advance(-(RESET_TOKEN_TTL_MS + 1000));
    }
    expect((await shop.client().post('/user/login', { mail: m.mail, pass: m.pass })).state).toBe(200);
  });

  it('refuses unknown tokens and checks the new password', async () => {
    const unknown = 'A'.repeat(43);
    expect((await shop.client().get(`/user/reset_password/check/${unknown}`)).state).toBe(400);
    expect((await shop.client().get('/user/reset_password/check/%3Cscript%3E')).state).toBe(400);
    const res = await shop.client('en').post('/user/reset_password/complete', {
      token: unknown,
      pass: 'short',
      confirmPass: 'other',
    });
    expect(res.state).toBe(400);
    expect(res.errors?.pass).toEqual(['Use 6 to 20 half-width letters and digits']);
    expect(res.errors?.confirmPass).toEqual(['Does not match password confirmation']);
    const bad = await shop.client('en').post('/user/reset_password/complete', {
      token: unknown,
      pass: 'goodpass1',
      confirmPass: 'goodpass1',
    });
    expect(bad.errors?.token?.[0]).toMatch(/invalid or has expired/);
  });

  it('uses one link once even when two tabs submit it at the same time', async () => {
    const m = await buildMember(shop);
    await shop.client().post('/user/reset_password', { mail: m.mail });
    const token = tokenOf((await lastMailTo(m.mail))!.body);
    const tabs = [shop.client(), shop.client()];
    for (const t of tabs) await t.get('/user/point');
    const replies = await Promise.all(
      tabs.map((t, i) =>
        t.post('/user/reset_password/complete', { token, pass: `tabpass${i}`, confirmPass: `tabpass${i}` }),
      ),
    );
    expect(replies.map((r) => r.state).sort()).toEqual([200, 400]);
  });

  it('limits requests per mail and tells the member to wait', async () => {
    const m = await buildMember(shop);
    for (let i = 0; i < THROTTLE_RULES.reissueMail.limit; i++) {
      expect((await shop.client().post('/user/reset_password', { mail: m.mail })).state).toBe(200);
    }
    const before = await outboxCount();
    const res = await shop.client('ja').post('/user/reset_password', { mail: m.mail });
    expect(res.state).toBe(429);
    expect(res.errors?.mail).toEqual(['再発行の申請が多すぎます。しばらくしてからもう一度お試しください']);
    expect(await outboxCount()).toBe(before);
    // Another mail from the same IP still works.
    const other = await buildMember(shop);
    expect((await shop.client().post('/user/reset_password', { mail: other.mail })).state).toBe(200);
  });

  it('limits requests per IP', async () => {
    // Earlier tests in this file already used some of the IP budget; fill it with unknown mails.
    let state = 200;
    let sent = 0;
    while (state === 200 && sent <= THROTTLE_RULES.reissueIp.limit) {
      state = (await shop.client().post('/user/reset_password', { mail: `ip${sent}@example.test` })).state;
      sent++;
    }
    expect(state).toBe(429);
    expect(sent).toBeLessThanOrEqual(THROTTLE_RULES.reissueIp.limit + 1);
  });
});
