import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { validRegistration } from './registration-form.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());
// Every test here registers from the one test address; the per-address limits have their own tests
// (security/registration-probes.test.ts), so each test starts with fresh counters.
beforeEach(async () => {
  await shop.ctx.db.pool.query("DELETE FROM auth_throttle WHERE key LIKE 'register:%'");
});

const valid = validRegistration;

async function memberByMail(mail: string) {
  const { rows } = await shop.ctx.db.pool.query('SELECT * FROM members WHERE lower(mail) = lower($1)', [mail]);
  return rows;
}

describe('POST /api/user/confirm', () => {
  it('accepts a valid registration without creating anything', async () => {
    const body = valid();
    const res = await shop.client().post('/user/confirm', body);
    expect(res.state).toBe(200);
    expect(await memberByMail(body.mail)).toHaveLength(0);
  });

  it.each([
    ['lastName', '', '入力してください'],
    ['lastName', 'a'.repeat(51), '50文字以内で入力してください'],
    ['lastName', '<b>山田</b>', '使用できない文字が含まれています'],
    ['firstName', '', '入力してください'],
    ['firstName', 42, '文字列で入力してください'],
    ['tel', '090-1234-5678', '電話番号はハイフンなしの半角数字（10〜11桁）で入力してください'],
    ['tel', '12345', '電話番号はハイフンなしの半角数字（10〜11桁）で入力してください'],
    ['mail', 'not-a-mail', 'メールアドレスの形式が正しくありません'],
    ['mail', '', '入力してください'],
    ['pass', 'abc12', 'パスワードは半角英数字6〜20文字で入力してください'],
    ['pass', 'a'.repeat(21), 'パスワードは半角英数字6〜20文字で入力してください'],
    ['pass', 'ａｂｃ１２３', 'パスワードは半角英数字6〜20文字で入力してください'],
    ['pass', 'abc-123', 'パスワードは半角英数字6〜20文字で入力してください'],
  ])('refuses %s = %j with a Japanese message on that field', async (field, value, message) => {
    const res = await shop.client('ja').post('/user/confirm', valid({ [field]: value }));
    expect(res.state).toBe(400);
    expect(res.errors?.[field]?.[0]).toBe(message);
  });

  it('refuses a confirmation that differs, in English for an English client', async () => {
    const res = await shop.client('en').post('/user/confirm', valid({ confirmPass: 'abc124' }));
    expect(res.state).toBe(400);
    expect(res.errors?.confirmPass).toEqual(['Does not match password confirmation']);
  });

  // Issue 12 A9: confirm no longer says a mail is taken (it listed registered mails); append does.
  it('reports every broken field at once, but not whether the mail is taken', async () => {
    const m = await buildMember(shop);
    const res = await shop
      .client('en')
      .post('/user/confirm', valid({ mail: m.mail.toUpperCase(), tel: 'x', lastName: '' }));
    expect(res.state).toBe(400);
    expect(res.errors?.mail).toBeUndefined();
    expect(res.errors?.tel?.[0]).toMatch(/digits/);
    expect(res.errors?.lastName).toEqual(['This field is required']);
  });

  it('refuses an unknown referral code under both field names', async () => {
    const res = await shop.client('ja').post('/user/confirm', valid({ referralCode: 'ZZZZ9999' }));
    expect(res.state).toBe(400);
    expect(res.errors?.referralCode).toEqual(['紹介コードが見つかりません']);
    expect(res.errors?.referral_code).toEqual(['紹介コードが見つかりません']);
  });

  it('ignores the middle name in Japanese but checks it in English', async () => {
    const ja = await shop.client('ja').post('/user/confirm', valid({ middleName: '<script>' }));
    expect(ja.state).toBe(200);
    const en = await shop.client('en').post('/user/confirm', valid({ middleName: '<script>' }));
    expect(en.state).toBe(400);
    expect(en.errors?.middleName).toEqual(['Contains characters that cannot be used']);
  });
});

describe('POST /api/user/append', () => {
  it('creates a Japanese member without middle name or prefecture, logs them in, with a referral code', async () => {
    const body = valid({ middleName: 'Should Drop' });
    const c = shop.client('ja');
    const res = await c.post('/user/append', body);
    expect(res.state).toBe(200);
    const [row] = await memberByMail(body.mail);
    expect(row).toMatchObject({ last_name: '山田', first_name: '太郎', middle_name: '', pref_id: null, lang: 'ja' });
    expect(row.referral_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(row.pass_hash).toMatch(/^\$argon2id\$/);
    const me = await c.get('/user/point');
    expect(me).toMatchObject({ is_login: '1', id: Number(row.id), point: '0' });
    // The CSRF pair of the append reply is bound to the new session: the next POST works without a refresh.
    expect((await c.post('/user/change_password', { pass: 'newpass1', confirmPass: 'newpass1' })).state).toBe(200);
  });

  it('creates an English member with the middle name and prefecture 99', async () => {
    const body = valid({ lastName: 'Smith', middleName: 'Q', firstName: 'Jane' });
    const res = await shop.client('en').post('/user/append', body);
    expect(res.state).toBe(200);
    const [row] = await memberByMail(body.mail);
    expect(row).toMatchObject({ middle_name: 'Q', pref_id: 99, lang: 'en' });
  });

  it('records who referred the member', async () => {
    const referrer = await buildMember(shop);
    const { rows } = await shop.ctx.db.pool.query('SELECT referral_code FROM members WHERE id = $1', [referrer.id]);
    const body = valid({ referralCode: ` ${String(rows[0].referral_code).toLowerCase()} ` });
    expect((await shop.client().post('/user/append', body)).state).toBe(200);
    const [row] = await memberByMail(body.mail);
    expect(Number(row.referred_by)).toBe(referrer.id);
  });

  it('gives every member a different referral code', async () => {
    const { rows } = await shop.ctx.db.pool.query(
      'SELECT count(*)::int AS n, count(DISTINCT referral_code)::int AS d FROM members',
    );
    expect(rows[0].n).toBeGreaterThan(2);
    expect(rows[0].d).toBe(rows[0].n);
  });

  it('refuses a second registration of the same mail, whatever its case', async () => {
    const body = valid();
    expect((await shop.client().post('/user/append', body)).state).toBe(200);
    const again = await shop.client('en').post('/user/append', { ...body, mail: body.mail.toUpperCase() });
    expect(again.state).toBe(400);
    expect(again.errors?.mail).toEqual(['This email address is already registered']);
    expect(await memberByMail(body.mail)).toHaveLength(1);
  });

  it('creates exactly one member when the same mail is appended concurrently', async () => {
    const body = valid();
    const clients = Array.from({ length: 6 }, () => shop.client());
    for (const c of clients) await c.get('/user/point');
    const replies = await Promise.all(clients.map((c) => c.post('/user/append', body)));
    const states = replies.map((r) => r.state).sort();
    expect(states.filter((s) => s === 200)).toHaveLength(1);
    expect(states.filter((s) => s === 400)).toHaveLength(5);
    for (const r of replies.filter((x) => x.state === 400)) expect(r.errors?.mail?.[0]).toContain('既に登録');
    expect(await memberByMail(body.mail)).toHaveLength(1);
  });
});
