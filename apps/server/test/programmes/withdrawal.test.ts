import { checkSmsSchema, sendSmsSchema } from '@oripa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releaseWithdrawnJob } from '../../src/jobs/release-withdrawn.ts';
import { authenticate } from '../../src/services/login.ts';
import { withdraw, withdrawalPreview } from '../../src/services/programmes/withdrawal.ts';
import { checkSmsCode, sendSmsCode } from '../../src/services/programmes/sms/verification.ts';
import { insertTestMember, insertTestSession, ledgerViolations } from '../factories.ts';
import { buildPack, drawDirect } from '../packs/pack-fixtures.ts';
import { seedCourses, startPaymentDirect } from '../payments/service-payments.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';
import { lastSmsCode, mobileNumber } from './sms-helpers.ts';

/**
 * Withdrawal (退会, terms 15; ADR 0020) on the service tier (ADR 0038). The routes' shape (GET and POST
 * /user/withdraw, the password messages in ja and en, the session ended) is one API test in
 * programme-routes.test.ts.
 */
let shop: ServiceShop;
beforeAll(async () => {
  shop = await startServiceShop();
});
afterAll(() => shop.close());

const q = (text: string, values: unknown[] = []) => shop.ctx.db.pool.query(text, values);
/** The AppError a refused call rejects with (its state, reason and message keys), or null. */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { state: number; reason?: string; fields: Record<string, string[]> },
  );
const pointsOf = async (id: number) =>
  Number((await q('SELECT point_balance FROM members WHERE id = $1', [id])).rows[0].point_balance);
const sessionsOf = async (id: number) =>
  (await q('SELECT count(*)::int AS n FROM sessions WHERE member_id = $1', [id])).rows[0].n as number;
/** The SMS verification as its routes call it (the tel and code parsed by their schemas). */
const sendSms = (memberId: number, tel: string) =>
  sendSmsCode(shop.ctx, memberId, sendSmsSchema.parse({ tel }).tel, '127.0.0.1');
const checkSms = (memberId: number, code: string) =>
  checkSmsCode(shop.ctx, memberId, checkSmsSchema.parse({ sms_code: code }).sms_code);

describe('withdrawal (退会)', () => {
  it('names what is lost, needs the password, forfeits points and coins in the ledger, closes the account', async () => {
    const m = await insertTestMember(shop, { paidPoints: 1_200, freePoints: 300, coins: 700 });
    await insertTestSession(shop, m.id);
    expect(await withdrawalPreview(shop.ctx, m.id)).toMatchObject({ point: 1_500, coin: 700, pendingCards: 0 });
    expect(await refusal(withdraw(shop.ctx, m.id, 'not-it'))).toMatchObject({
      state: 400,
      fields: { pass: ['withdrawPassMismatch'] },
    });
    expect(await sessionsOf(m.id)).toBe(1);

    await withdraw(shop.ctx, m.id, m.pass);
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
    expect(await sessionsOf(m.id)).toBe(0);
    expect(
      await refusal(authenticate(shop.ctx, { mail: m.mail, pass: m.pass, save_cookie: false }, '127.0.0.1')),
    ).toMatchObject({
      state: 400,
      reason: 'login_mismatch',
    });
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('is refused while drawn cards wait for the ship-or-convert choice', async () => {
    const m = await insertTestMember(shop, { paidPoints: 1_000 });
    const packId = await buildPack(shop, { point: 100 });
    await drawDirect(shop.ctx, m.id, packId, 1);
    expect((await withdrawalPreview(shop.ctx, m.id)).pendingCards).toBe(1);
    expect(await refusal(withdraw(shop.ctx, m.id, m.pass))).toMatchObject({ state: 400, reason: 'cards_pending' });
    expect(await pointsOf(m.id)).toBe(900);
  });

  it('is refused while a payment is still open (it would credit a closed account)', async () => {
    const m = await insertTestMember(shop, { paidPoints: 500 });
    await insertTestSession(shop, m.id);
    await seedCourses(shop);
    const course = (await q("SELECT id FROM point_courses WHERE currency = 'point' AND active ORDER BY point LIMIT 1"))
      .rows[0];
    if (!course) throw new Error('no point course in the test database');
    const slip = await startPaymentDirect(shop, m.id, { point_price_id: course.id, pay_id: 2, combini_code: 'econ' });
    expect(slip).toMatchObject({ result: '1' });
    expect(await withdrawalPreview(shop.ctx, m.id)).toMatchObject({ pendingCards: 0, openPayments: 1 });
    expect(await refusal(withdraw(shop.ctx, m.id, m.pass))).toMatchObject({ state: 400, reason: 'payments_open' });
    expect(await sessionsOf(m.id)).toBe(1);
    expect((await q('SELECT withdrawn_at FROM members WHERE id = $1', [m.id])).rows[0].withdrawn_at).toBeNull();
  });

  it('frees the mail and phone after 90 days: the mail registers again, the phone verifies again without a bonus', async () => {
    const m = await insertTestMember(shop);
    const tel = mobileNumber();
    await sendSms(m.id, tel.typed);
    expect((await checkSms(m.id, await lastSmsCode(shop, tel.e164))).bonus).toBe(500);
    await withdraw(shop.ctx, m.id, m.pass);
    expect(await releaseWithdrawnJob.run(shop.ctx)).toBe(0);
    shop.clock.advance(91 * 24 * 3600_000);
    expect(await releaseWithdrawnJob.run(shop.ctx)).toBeGreaterThanOrEqual(1);
    const row = (await q('SELECT mail, sms_tel FROM members WHERE id = $1', [m.id])).rows[0];
    expect(row).toEqual({ mail: `withdrawn.${m.id}@withdrawn.invalid`, sms_tel: null });
    const next = await insertTestMember(shop);
    await sendSms(next.id, tel.typed);
    expect(await checkSms(next.id, await lastSmsCode(shop, tel.e164))).toEqual({ bonus: 0 });
  });
});

// Issue 20: the withdrawal's password check was not throttled, so a stolen session could guess the password.
describe('the withdrawal password check', () => {
  it('locks after 5 wrong passwords like the login, and changes nothing', async () => {
    const m = await insertTestMember(shop, { paidPoints: 500, lang: 'en' });
    for (let i = 0; i < 5; i++) {
      expect((await refusal(withdraw(shop.ctx, m.id, `guess-${i}`)))?.state).toBe(400);
    }
    // Even the right password waits now (the message, with the minutes to wait, is in programme-routes.test.ts).
    expect(await refusal(withdraw(shop.ctx, m.id, m.pass))).toMatchObject({
      state: 429,
      fields: { pass: [expect.anything()] },
    });
    const row = (await q('SELECT withdrawn_at, point_balance::int AS points FROM members WHERE id = $1', [m.id]))
      .rows[0];
    expect(row).toEqual({ withdrawn_at: null, points: 500 });
    // Another member is not locked by it.
    const other = await insertTestMember(shop);
    await withdraw(shop.ctx, other.id, other.pass);
    // After the lock the right password goes through.
    shop.clock.advance(16 * 60_000);
    await withdraw(shop.ctx, m.id, m.pass);
    expect((await q('SELECT withdrawn_at FROM members WHERE id = $1', [m.id])).rows[0].withdrawn_at).not.toBeNull();
  });
});
