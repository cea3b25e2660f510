import { afterAll, beforeAll, expect, it } from 'vitest';
import { validRegistration } from '../accounts/registration-form.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

/** Issue 12 A9: a member's mail address is verified by a mailed link before buying can require it. */
let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop?.close());

const q = (sql: string, params: unknown[]) => shop.ctx.db.pool.query(sql, params);

/** The token of the last verification link mailed to `mail`. */
async function mailedToken(mail: string): Promise<string> {
  const { rows } = await q(
    "SELECT body FROM outbox_messages WHERE recipient = $1 AND body LIKE '%/verify-mail?token=%' ORDER BY id DESC LIMIT 1",
    [mail],
  );
  expect(rows).toHaveLength(1);
  return /verify-mail\?token=([A-Za-z0-9_-]+)/.exec(rows[0].body)![1]!;
}

const verifiedAt = async (mail: string) =>
  (await q('SELECT mail_verified_at FROM members WHERE mail = $1', [mail])).rows[0].mail_verified_at as Date | null;

it('registration mails a link whose token verifies the address once', async () => {
  const form = validRegistration();
  const c = shop.client('en');
  expect((await c.post('/user/append', form)).state).toBe(200);
  expect(await verifiedAt(form.mail)).toBeNull();
  expect((await c.get('/user/mail/verify')).mail_verified).toBe(false);

  const token = await mailedToken(form.mail);
  // The link may be opened in another browser: the token is the proof, no login needed.
  const other = shop.client('en');
  const ok = await other.post('/user/mail/verify', { token });
  expect(ok.state).toBe(200);
  expect(ok.mail_verified).toBe(true);
  expect(await verifiedAt(form.mail)).toBeInstanceOf(Date);
  expect((await c.get('/user/mail/verify')).mail_verified).toBe(true);

  const again = await other.post('/user/mail/verify', { token });
  expect(again.state).toBe(400);
  expect(again.errors?.token).toEqual([
    'This confirmation link is invalid or has expired. Please ask for a new confirmation mail',
  ]);
});

it('the verification mail greets the member by the name given at registration, in their language (issue 24)', async () => {
  for (const [lang, greeting] of [
    ['ja', '山田 太郎 様'],
    ['en', 'Dear 太郎 山田,'],
  ] as const) {
    const form = validRegistration();
    expect((await shop.client(lang).post('/user/append', form)).state).toBe(200);
    const { rows } = await q(
      "SELECT body FROM outbox_messages WHERE recipient = $1 AND body LIKE '%/verify-mail?token=%'",
      [form.mail],
    );
    expect(rows[0].body).toContain(greeting);
    expect(rows[0].body).not.toContain(lang === 'ja' ? 'お客様' : 'Hello,');
  }
});

it('an expired link does not verify; a member can ask for a new one', async () => {
  const form = validRegistration();
  const c = shop.client('ja');
  expect((await c.post('/user/append', form)).state).toBe(200);
  const token = await mailedToken(form.mail);
  shop.clock.advance(24 * 3600_000 + 1000);
  expect((await c.post('/user/mail/verify', { token })).state).toBe(400);
  expect(await verifiedAt(form.mail)).toBeNull();

  expect((await c.post('/user/mail/verify/send')).state).toBe(200);
  const fresh = await mailedToken(form.mail);
  expect(fresh).not.toBe(token);
  expect((await c.post('/user/mail/verify', { token: fresh })).state).toBe(200);
  expect(await verifiedAt(form.mail)).toBeInstanceOf(Date);
});

it('a link sent to an address the member has since changed verifies nothing', async () => {
  const form = validRegistration();
  const c = shop.client('en');
  expect((await c.post('/user/append', form)).state).toBe(200);
  const token = await mailedToken(form.mail);
  await q('UPDATE members SET mail = $2 WHERE mail = $1', [form.mail, `changed.${form.mail}`]);
  expect((await c.post('/user/mail/verify', { token })).state).toBe(400);
  expect(await verifiedAt(`changed.${form.mail}`)).toBeNull();
});

it('asking for links is limited, and needs a login', async () => {
  expect((await shop.client('en').post('/user/mail/verify/send')).state).toBe(401);
  const c = shop.client('en');
  expect((await c.post('/user/append', validRegistration())).state).toBe(200);
  let state = 200;
  for (let i = 0; i < 10 && state === 200; i++) state = (await c.post('/user/mail/verify/send')).state;
  expect(state).toBe(429);
});
