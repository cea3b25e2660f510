import { SMS_CODE_TTL_MS, SMS_RESEND_COOLDOWN_MS } from '@oripa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, ledgerViolations } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { lastSmsCode, mobileNumber, smsState } from './sms-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function bonusRows(memberId: number) {
  const { rows } = await shop.ctx.db.pool.query(
    `SELECT l.amount, p.kind FROM ledger_entries l JOIN point_lot_moves m ON m.ledger_id = l.id
     JOIN point_lots p ON p.id = m.lot_id WHERE l.member_id = $1 AND l.reason = 'sms_bonus'`,
    [memberId],
  );
  return rows.map((r) => ({ amount: Number(r.amount), kind: r.kind as string }));
}

describe('POST /api/user/send_sms and /api/user/check_sms', () => {
  it('sends a 6-digit code to the E.164 number, verifies with it, grants 500 free points once, end_sms 1', async () => {
    const m = await buildMember(shop);
    const tel = mobileNumber();
    const sent = await m.client.post('/user/send_sms', { tel: tel.typed.replace(/^(\d{3})(\d{4})/, '$1-$2-') });
    expect(sent.state).toBe(200);
    const code = await lastSmsCode(shop, tel.e164);
    const { rows } = await shop.ctx.db.pool.query('SELECT code_hash FROM sms_challenges WHERE member_id = $1', [m.id]);
    expect(rows[0].code_hash).not.toContain(code);
    const ok = await m.client.post('/user/check_sms', { sms_code: code });
    expect(ok).toMatchObject({ state: 200, end_sms: '1', bonus_point: 500 });
    expect(await smsState(shop, m.id)).toEqual({ tel: tel.e164, verified: true, point: 500 });
    expect(await bonusRows(m.id)).toEqual([{ amount: 500, kind: 'free' }]);
    expect((await m.client.get('/user/point')).end_sms).toBe('1');
    // The mail reporting it was queued with the verification.
    const mail = await shop.ctx.db.pool.query(
      "SELECT 1 FROM outbox_messages WHERE kind = 'sms_verified' AND recipient = $1",
      [m.mail],
    );
    expect(mail.rowCount).toBe(1);
    // Reused code, and a second send, are refused: the member is verified.
    const reused = await m.client.post('/user/check_sms', { sms_code: code });
    expect(reused).toMatchObject({ state: 400, errors: { sms_code: ['このアカウントはSMS認証済みです'] } });
    const again = await m.client.post('/user/send_sms', { tel: tel.typed });
    expect(again).toMatchObject({ state: 400, errors: { user_id: ['このアカウントはSMS認証済みです'] } });
    expect((await smsState(shop, m.id)).point).toBe(500);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it.each([
    ['09012345', '入力された電話番号の形式が正しくありません。'],
    ['abc', '入力された電話番号の形式が正しくありません。'],
    ['', '入力された電話番号の形式が正しくありません。'],
    ['0312345678', 'SMSを受信できる日本の携帯電話番号（070・080・090）を入力してください'],
    ['+14155552671', 'SMSを受信できる日本の携帯電話番号（070・080・090）を入力してください'],
    ['+447911123456', 'SMSを受信できる日本の携帯電話番号（070・080・090）を入力してください'],
  ])('refuses the phone %j with errors.tel and sends nothing', async (typed, message) => {
    const m = await buildMember(shop);
    const r = await m.client.post('/user/send_sms', { tel: typed });
    expect(r).toMatchObject({ state: 400, errors: { tel: [message] } });
    const { rowCount } = await shop.ctx.db.pool.query('SELECT 1 FROM sms_challenges WHERE member_id = $1', [m.id]);
    expect(rowCount).toBe(0);
  });

  it('answers in English for an English member', async () => {
    const m = await buildMember(shop, { lang: 'en' });
    const r = await m.client.post('/user/send_sms', { tel: '0312345678' });
    expect(r.errors?.tel).toEqual(['Enter a Japanese mobile number (070, 080 or 090) that can receive SMS']);
    const c = await m.client.post('/user/check_sms', { sms_code: '12345' });
    expect(c.errors?.sms_code).toEqual(['Enter the 6-digit verification code']);
  });

  it.each(['12345', '1234567', '12a456', '１２３４５６'])('refuses the code %j without using a try', async (bad) => {
    const m = await buildMember(shop);
    const tel = mobileNumber();
    await m.client.post('/user/send_sms', { tel: tel.typed });
    const r = await m.client.post('/user/check_sms', { sms_code: bad });
    expect(r).toMatchObject({ state: 400, errors: { sms_code: ['認証コードは6桁の半角数字で入力してください'] } });
    const { rows } = await shop.ctx.db.pool.query('SELECT attempts FROM sms_challenges WHERE member_id = $1', [m.id]);
    expect(rows[0].attempts).toBe(0);
    // The right code still works.
    expect((await m.client.post('/user/check_sms', { sms_code: await lastSmsCode(shop, tel.e164) })).state).toBe(200);
  });

  it('an empty code is refused (required) and a check before any send says to send one', async () => {
    const m = await buildMember(shop);
    const empty = await m.client.post('/user/check_sms', { sms_code: '' });
    expect(empty.errors?.sms_code?.[0]).toBe('認証コードを入力してください。');
    expect((await m.client.post('/user/check_sms', { sms_code: '123456' })).errors?.sms_code).toEqual([
      '認証コードが送信されていません。電話番号を入力してコードを送信してください',
    ]);
  });

  it('five wrong codes count; the 6th try is refused even with the right code', async () => {
    const m = await buildMember(shop);
    const tel = mobileNumber();
    await m.client.post('/user/send_sms', { tel: tel.typed });
    const code = await lastSmsCode(shop, tel.e164);
    for (let i = 0; i < 5; i++) {
      const r = await m.client.post('/user/check_sms', { sms_code: wrong(code) });
      expect(r).toMatchObject({ state: 400, errors: { sms_code: ['認証コードが一致しません'] } });
    }
    const sixth = await m.client.post('/user/check_sms', { sms_code: code });
    expect(sixth.errors?.sms_code).toEqual(['入力回数の上限（5回）を超えました。もう一度コードを送信してください']);
    expect(await smsState(shop, m.id)).toMatchObject({ verified: false, point: 0 });
  });

  it('an expired code is refused; a new code replaces the old one after the cooldown', async () => {
    const m = await buildMember(shop);
    const tel = mobileNumber();
    await m.client.post('/user/send_sms', { tel: tel.typed });
    const first = await lastSmsCode(shop, tel.e164);
    const soon = await m.client.post('/user/send_sms', { tel: tel.typed });
    expect(soon.state).toBe(429);
    expect(soon.errors?.tel?.[0]).toMatch(/^認証コードを送信したばかりです。\d+秒ほど待ってから再送信してください$/);
    shop.clock.advance(SMS_CODE_TTL_MS + 1000);
    const expired = await m.client.post('/user/check_sms', { sms_code: first });
    expect(expired.errors?.sms_code).toEqual([
      '認証コードの有効期限（10分）が切れています。もう一度コードを送信してください',
    ]);
    expect((await m.client.post('/user/send_sms', { tel: tel.typed })).state).toBe(200);
    const second = await lastSmsCode(shop, tel.e164);
    if (second !== first) {
      expect((await m.client.post('/user/check_sms', { sms_code: first })).errors?.sms_code).toEqual([
        '認証コードが一致しません',
      ]);
    }
    expect((await m.client.post('/user/check_sms', { sms_code: second })).state).toBe(200);
  });

  it('limits codes per member per 24 hours', async () => {
    const m = await buildMember(shop);
    for (let i = 0; i < 5; i++) {
      expect((await m.client.post('/user/send_sms', { tel: mobileNumber().typed })).state).toBe(200);
      shop.clock.advance(SMS_RESEND_COOLDOWN_MS);
    }
    const sixth = await m.client.post('/user/send_sms', { tel: mobileNumber().typed });
    expect(sixth).toMatchObject({ state: 429, reason: 'sms_daily_limit' });
    shop.clock.advance(24 * 3600_000);
    expect((await m.client.post('/user/send_sms', { tel: mobileNumber().typed })).state).toBe(200);
  });

  it('limits codes per phone number per 24 hours, whichever member asks', async () => {
    const tel = mobileNumber();
    for (let i = 0; i < 5; i++) {
      const m = await buildMember(shop);
      expect((await m.client.post('/user/send_sms', { tel: tel.typed })).state).toBe(200);
    }
    const m = await buildMember(shop);
    expect(await m.client.post('/user/send_sms', { tel: tel.typed })).toMatchObject({
      state: 429,
      errors: { tel: ['本日の送信回数の上限に達しました。24時間以上あけてからもう一度お試しください'] },
    });
    shop.clock.advance(24 * 3600_000);
  });

  it('a number verified by one account cannot be verified by another (send and check)', async () => {
    const a = await buildMember(shop);
    const b = await buildMember(shop);
    const tel = mobileNumber();
    await b.client.post('/user/send_sms', { tel: tel.typed });
    await a.client.post('/user/send_sms', { tel: tel.typed });
    expect((await a.client.post('/user/check_sms', { sms_code: await lastSmsCode(shop, tel.e164) })).state).toBe(200);
    const { rows } = await shop.ctx.db.pool.query(
      "SELECT body FROM outbox_messages WHERE channel = 'sms' AND recipient = $1 ORDER BY id",
      [tel.e164],
    );
    const bCode = /(\d{6})/.exec(rows[0].body)![1]!;
    const late = await b.client.post('/user/check_sms', { sms_code: bCode });
    expect(late.errors?.sms_code).toEqual(['この電話番号は既に別のアカウントで認証されています']);
    const send = await b.client.post('/user/send_sms', { tel: `+81${tel.typed.slice(1)}` });
    expect(send.errors?.tel).toEqual(['この電話番号は既に別のアカウントで認証されています']);
    expect(await smsState(shop, b.id)).toMatchObject({ verified: false, point: 0 });
  });

  it('two parallel checks of the right code verify once and grant the bonus once', async () => {
    const m = await buildMember(shop);
    const tel = mobileNumber();
    await m.client.post('/user/send_sms', { tel: tel.typed });
    const code = await lastSmsCode(shop, tel.e164);
    const other = shop.client();
    other.setCookie('sid', m.client.cookie('sid')!);
    const replies = await Promise.all([
      m.client.post('/user/check_sms', { sms_code: code }),
      other.post('/user/check_sms', { sms_code: code }),
    ]);
    expect(replies.map((r) => r.state).sort()).toEqual([200, 400]);
    expect(await bonusRows(m.id)).toEqual([{ amount: 500, kind: 'free' }]);
    expect((await smsState(shop, m.id)).point).toBe(500);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('two members verifying one number at once: one succeeds, one bonus', async () => {
    const a = await buildMember(shop);
    const b = await buildMember(shop);
    const tel = mobileNumber();
    await a.client.post('/user/send_sms', { tel: tel.typed });
    const aCode = await lastSmsCode(shop, tel.e164);
    await b.client.post('/user/send_sms', { tel: tel.typed });
    const bCode = await lastSmsCode(shop, tel.e164);
    const replies = await Promise.all([
      a.client.post('/user/check_sms', { sms_code: aCode }),
      b.client.post('/user/check_sms', { sms_code: bCode }),
    ]);
    expect(replies.map((r) => r.state).sort()).toEqual([200, 400]);
    const { rows } = await shop.ctx.db.pool.query('SELECT count(*)::int AS n FROM sms_bonus_grants WHERE tel = $1', [
      tel.e164,
    ]);
    expect(rows[0].n).toBe(1);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('a guest is refused with 401', async () => {
    const c = shop.client();
    expect((await c.post('/user/send_sms', { tel: '09012345678' })).state).toBe(401);
    expect((await c.post('/user/check_sms', { sms_code: '123456' })).state).toBe(401);
  });
});
