import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseWithdrawnJob } from '../../src/jobs/release-withdrawn.ts';
import { seedPointCourses } from '../../src/seed/point-courses.ts';
import { buildMember, ledgerViolations } from '../factories.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { lastSmsCode, mobileNumber } from './sms-helpers.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

const q = (text: string, values: unknown[] = []) => shop.ctx.db.pool.query(text, values);

describe('withdrawal (退会)', () => {
  it('names what is lost, needs the password, forfeits points and coins in the ledger, closes the account', async () => {
    const m = await buildMember(shop, { paidPoints: 1_200, freePoints: 300, coins: 700 });
    expect(await m.client.get('/user/withdraw')).toMatchObject({
      state: 200,
      point: 1_500,
      coin: 700,
      pending_cards: 0,
    });
    const wrong = await m.client.post('/user/withdraw', { pass: 'not-it' });
    expect(wrong).toMatchObject({ state: 400, errors: { pass: ['パスワードが正しくありません'] } });
    const empty = await m.client.post('/user/withdraw', {});
    expect(empty.state).toBe(400);
    expect((await m.client.get('/user/point')).is_login).toBe('1');

    expect((await m.client.post('/user/withdraw', { pass: m.pass })).state).toBe(200);
    const { rows } = await q(
      "SELECT currency, amount FROM ledger_entries WHERE member_id = $1 AND reason = 'withdrawal' ORDER BY currency",
      [m.id],
    );
    expect(rows).toEqual([
      { currency: 'coin', amount: -700 },
      { currency: 'point', amount: -1_500 },
    ]);
    const member = (await q('SELECT point_balance, coin_balance, withdrawn_at FROM members WHERE id = $1', [m.id]))
      .rows[0];
    expect(member).toMatchObject({ point_balance: 0, coin_balance: 0 });
    expect(member.withdrawn_at).not.toBeNull();
    // Logged out, and no login any more (answered like an unknown address).
    expect((await m.client.get('/user/point')).is_login).toBe('0');
    const login = await shop.client().post('/user/login', { mail: m.mail, pass: m.pass });
    expect(login.state).not.toBe(200);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('is refused while drawn cards wait for the ship-or-convert choice', async () => {
    const m = await buildMember(shop, { paidPoints: 1_000 });
    const packId = await buildPack(shop, { point: 100 });
    expect((await drawVia(m.client, packId, 1)).buy?.state).toBe(200);
    expect((await m.client.get('/user/withdraw')).pending_cards).toBe(1);
    const r = await m.client.post('/user/withdraw', { pass: m.pass });
    expect(r).toMatchObject({ state: 400, reason: 'cards_pending' });
    expect((await m.client.get('/user/point')).point).toBe('900');
  });

  it('is refused while a payment is still open (it would credit a closed account)', async () => {
    const m = await buildMember(shop, { paidPoints: 500 });
    await seedPointCourses(shop.ctx);
    const course = (await q("SELECT id FROM point_courses WHERE currency = 'point' AND active ORDER BY point LIMIT 1"))
      .rows[0];
    if (!course) throw new Error('no point course in the test database');
    const slip = await m.client.post('/user/point/buy', { point_price_id: course.id, pay_id: 2, combini_code: 'econ' });
    expect(slip).toMatchObject({ state: 200, result: '1' });
    expect(await m.client.get('/user/withdraw')).toMatchObject({ pending_cards: 0, open_payments: 1 });
    const r = await m.client.post('/user/withdraw', { pass: m.pass });
    expect(r).toMatchObject({ state: 400, reason: 'payments_open' });
    expect((await m.client.get('/user/point')).is_login).toBe('1');
    expect((await q('SELECT withdrawn_at FROM members WHERE id = $1', [m.id])).rows[0].withdrawn_at).toBeNull();
  });

  it('frees the mail and phone after 90 days: the mail registers again, the phone verifies again without a bonus', async () => {
    const m = await buildMember(shop);
    const tel = mobileNumber();
    await m.client.post('/user/send_sms', { tel: tel.typed });
    expect((await m.client.post('/user/check_sms', { sms_code: await lastSmsCode(shop, tel.e164) })).bonus_point).toBe(
      500,
    );
    await m.client.post('/user/withdraw', { pass: m.pass });
    expect(await releaseWithdrawnJob.run(shop.ctx)).toBe(0);
    shop.clock.advance(91 * 24 * 3600_000);
    expect(await releaseWithdrawnJob.run(shop.ctx)).toBeGreaterThanOrEqual(1);
    const row = (await q('SELECT mail, sms_tel FROM members WHERE id = $1', [m.id])).rows[0];
    expect(row).toEqual({ mail: `withdrawn.${m.id}@withdrawn.invalid`, sms_tel: null });
    const next = await buildMember(shop);
    expect(await next.client.post('/user/send_sms', { tel: tel.typed })).toMatchObject({ state: 200 });
    const ok = await next.client.post('/user/check_sms', { sms_code: await lastSmsCode(shop, tel.e164) });
    expect(ok).toMatchObject({ state: 200, bonus_point: 0 });
  });
});

// Issue 20: the withdrawal's password check was not throttled, so a stolen session could guess the password.
describe('the withdrawal password check', () => {
  it('locks after 5 wrong passwords like the login, in the member language, and changes nothing', async () => {
    const m = await buildMember(shop, { paidPoints: 500, lang: 'en' });
    for (let i = 0; i < 5; i++) {
      const wrong = await m.client.post('/user/withdraw', { pass: `guess-${i}` });
      expect(wrong.state).toBe(400);
    }
    // Even the right password waits now, with the minutes to wait.
    const locked = await m.client.post('/user/withdraw', { pass: m.pass });
    expect(locked).toMatchObject({ state: 429 });
    expect(locked.errors?.pass?.[0]).toMatch(/^Too many wrong passwords\. Try again in 15 minutes$/);
    const row = (await q('SELECT withdrawn_at, point_balance::int AS points FROM members WHERE id = $1', [m.id]))
      .rows[0];
    expect(row).toEqual({ withdrawn_at: null, points: 500 });
    // Another member is not locked by it.
    const other = await buildMember(shop);
    expect((await other.client.post('/user/withdraw', { pass: other.pass })).state).toBe(200);
    // After the lock the right password goes through.
    shop.clock.advance(16 * 60_000);
    expect((await m.client.post('/user/withdraw', { pass: m.pass })).state).toBe(200);
  });
});
