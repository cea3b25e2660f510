import { messages } from '@oripa/core';
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../api-client.ts';
import { buildMember, ledgerViolations, type TestMember } from '../factories.ts';
import { mailedVerifyToken } from '../mailed-links.ts';
import { buy, cardToken, pressSandbox, startPaymentShop } from '../payments/helpers.ts';
import { exchangeCardWith, key, stockLeft } from '../perks/helpers.ts';
import { useShop } from '../test-shop.ts';
import { lastSmsCode, mobileNumber, smsState } from './sms-helpers.ts';

/**
 * Issue 19 §2: every way to gain value refuses a member whose mail address is not confirmed, with the pack
 * purchase's message and reason (the SPA offers the resend link on it), and changes nothing: no ledger row, no
 * balance, no claim.
 */
const t = useShop(startPaymentShop);
const q = (sql: string, params: unknown[]) => t.shop.ctx.db.pool.query(sql, params);

async function unconfirmed(o: { paidPoints?: number; lang?: 'ja' | 'en' } = {}): Promise<TestMember> {
  return buildMember(t.shop, { ...o, mailVerified: false });
}

/** The refusal every guarded path answers, in the member's language. */
function expectMailRefusal(reply: Envelope, lang: 'ja' | 'en' = 'ja') {
  expect({ state: reply.state, reason: reply.reason }).toEqual({ state: 403, reason: 'mail_unverified' });
  expect(Object.values(reply.errors ?? {}).flat()).toEqual([messages[lang].mailUnverified]);
}

async function ledgerCount(memberId: number): Promise<number> {
  const { rows } = await q('SELECT count(*)::int AS n FROM ledger_entries WHERE member_id = $1', [memberId]);
  return Number(rows[0].n);
}

async function balances(memberId: number) {
  const { rows } = await q('SELECT point_balance, coin_balance FROM members WHERE id = $1', [memberId]);
  return {
    point: Number(rows[0].point_balance),
    coin: Number(rows[0].coin_balance),
    ledger: await ledgerCount(memberId),
  };
}

/** Confirms the member's address through the mailed link, as the /verify-mail page does. */
async function confirmMail(m: TestMember) {
  expect((await m.client.post('/user/mail/verify/send')).state).toBe(200);
  const token = await mailedVerifyToken(t.shop, m.mail);
  expect((await t.shop.client().post('/user/mail/verify', { token })).state).toBe(200);
}

describe('mail confirmation guards every way to gain value', () => {
  it('SMS: no code is sent to an unconfirmed member, and a code sent before is not checked', async () => {
    const m = await unconfirmed({ lang: 'en' });
    const tel = mobileNumber();
    expectMailRefusal(await m.client.post('/user/send_sms', { tel: tel.typed }), 'en');
    const { rows } = await q('SELECT count(*)::int AS n FROM sms_challenges WHERE member_id = $1', [m.id]);
    expect(rows[0].n).toBe(0);

    // A code sent while the address counted as confirmed: the check still refuses once it no longer does.
    const other = await buildMember(t.shop);
    const tel2 = mobileNumber();
    expect((await other.client.post('/user/send_sms', { tel: tel2.typed })).state).toBe(200);
    await q('UPDATE members SET mail_verified_at = NULL WHERE id = $1', [other.id]);
    expectMailRefusal(await other.client.post('/user/check_sms', { sms_code: await lastSmsCode(t.shop, tel2.e164) }));
    expect(await smsState(t.shop, other.id)).toEqual({ tel: null, verified: false, point: 0 });
    expect(await ledgerCount(other.id)).toBe(0);
  });

  it('follow campaign: the code is refused before it is claimed', async () => {
    await q(
      "INSERT INTO sns_campaigns (code, point, follow_url) VALUES ('MAILGUARD-1', 300, 'https://example.com')",
      [],
    );
    const m = await unconfirmed();
    expectMailRefusal(await m.client.post('/user/sns_campaign/claim', { code: 'MAILGUARD-1' }));
    const { rows } = await q('SELECT count(*)::int AS n FROM sns_campaign_claims WHERE member_id = $1', [m.id]);
    expect(rows[0].n).toBe(0);
    expect(await balances(m.id)).toEqual({ point: 0, coin: 0, ledger: 0 });
    await confirmMail(m);
    expect(await m.client.post('/user/sns_campaign/claim', { code: 'MAILGUARD-1' })).toMatchObject({ state: 200 });
  });

  it("daily draw: refused without using the day's draw", async () => {
    const m = await unconfirmed();
    const status = await m.client.get('/user/daily_draw');
    const url = new URL(status.link_url as string);
    const link = { code: url.searchParams.get('code'), state: url.searchParams.get('state') };
    expect((await m.client.post('/user/daily_draw/link', link)).state).toBe(200);
    expectMailRefusal(await m.client.post('/user/daily_draw/draw', {}));
    expect((await m.client.get('/user/daily_draw')).drawn_today).toBe('0');
    expect(await balances(m.id)).toEqual({ point: 0, coin: 0, ledger: 0 });
    await confirmMail(m);
    expect((await m.client.post('/user/daily_draw/draw', {})).state).toBe(200);
  });

  it('exchange corner: the check and the exchange refuse; no stock or points move', async () => {
    const cardId = await exchangeCardWith(t.shop, { price: 1000, stock: 2 });
    const m = await unconfirmed({ paidPoints: 3000 });
    expectMailRefusal(await m.client.post('/user/exchange_card/check', { exchange_card_id: cardId }));
    const exchange = { exchange_card_id: cardId, request_key: key() };
    expectMailRefusal(await m.client.post('/user/exchange_card/exchange', exchange));
    expect(await stockLeft(t.shop, cardId)).toBe(2);
    expect(await balances(m.id)).toEqual({ point: 3000, coin: 0, ledger: 1 });
  });

  it('point purchase: refused before any payment is made or charged', async () => {
    const m = await unconfirmed();
    const token = (await cardToken(t.shop)).token;
    expectMailRefusal(await buy(m.client, { point_price_id: t.course[3000], pay_id: 1, token }));
    const { rows } = await q('SELECT count(*)::int AS n FROM payments WHERE member_id = $1', [m.id]);
    expect(rows[0].n).toBe(0);
    expect(await balances(m.id)).toEqual({ point: 0, coin: 0, ledger: 0 });
  });

  it("point purchase's first step, the birth month: refused before it is stored", async () => {
    const m = await buildMember(t.shop, { mailVerified: false, birthMonth: null });
    expectMailRefusal(await m.client.post('/user/spending_limits/birth_month', { birth_year: 1990, birth_month: 4 }));
    expect((await m.client.get('/user/spending_limits')).birth_month).toBe('');
  });

  it('coupon: refused before the code is used', async () => {
    const m = await unconfirmed();
    expectMailRefusal(await m.client.post('/user/coupon/use', { couponCode: 'WELCOME500' }));
    const { rows } = await q('SELECT count(*)::int AS n FROM coupon_uses WHERE member_id = $1', [m.id]);
    expect(rows[0].n).toBe(0);
    expect(await balances(m.id)).toEqual({ point: 0, coin: 0, ledger: 0 });
  });
});

describe('referral rewards wait for the confirmed address they depend on', () => {
  async function referredBy(referrer: TestMember) {
    const friend = await buildMember(t.shop);
    await q('UPDATE members SET referred_by = $2, tel = $3 WHERE id = $1', [
      friend.id,
      referrer.id,
      mobileNumber().typed,
    ]);
    return friend;
  }
  const reasons = async (memberId: number) =>
    (await q('SELECT reason FROM ledger_entries WHERE member_id = $1 ORDER BY id', [memberId])).rows.map(
      (r) => r.reason,
    );

  it('a purchase credited while the referred member is unconfirmed settles nothing; the first after does', async () => {
    const referrer = await buildMember(t.shop);
    const friend = await referredBy(referrer);
    // A convenience-store payment ordered while confirmed, paid after the address stopped counting as confirmed.
    const order = await buy(friend.client, { point_price_id: t.course[3000], pay_id: 2, combini_code: 'econ' });
    expect(order.state).toBe(200);
    await q('UPDATE members SET mail_verified_at = NULL WHERE id = $1', [friend.id]);
    const slip = await friend.client.get(`/user/point/combini_number?paymentID=${order.receipt}`);
    await pressSandbox(t.shop, slip.url as string, 'pay');
    expect(await reasons(friend.id)).toEqual(['point_purchase']);
    expect(await reasons(referrer.id)).toEqual([]);
    const { rows } = await q('SELECT count(*)::int AS n FROM referral_rewards WHERE referee_id = $1', [friend.id]);
    expect(rows[0].n).toBe(0);

    await confirmMail(friend);
    const token = (await cardToken(t.shop)).token;
    expect((await buy(friend.client, { point_price_id: t.course[3000], pay_id: 1, token })).state).toBe(200);
    expect(await reasons(friend.id)).toEqual(['point_purchase', 'point_purchase', 'referral_welcome']);
    expect(await reasons(referrer.id)).toEqual(['referral']);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it("an unconfirmed referrer's share is owed and paid once, when they confirm their address", async () => {
    const referrer = await unconfirmed();
    const friend = await referredBy(referrer);
    const token = (await cardToken(t.shop)).token;
    expect((await buy(friend.client, { point_price_id: t.course[3000], pay_id: 1, token })).state).toBe(200);
    expect(await reasons(friend.id)).toEqual(['point_purchase', 'referral_welcome']);
    expect(await reasons(referrer.id)).toEqual([]);

    await confirmMail(referrer);
    expect(await reasons(referrer.id)).toEqual(['referral']);
    // A second link confirms again but pays nothing more.
    await confirmMailAgain(referrer);
    expect(await reasons(referrer.id)).toEqual(['referral']);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});

/** A verification link for an address already confirmed (issued directly: the resend skips confirmed members). */
async function confirmMailAgain(m: TestMember) {
  await q('UPDATE members SET mail_verified_at = NULL WHERE id = $1', [m.id]);
  await confirmMail(m);
}
