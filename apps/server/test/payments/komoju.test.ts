import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { useShop } from '../test-shop.ts';
import { balance, buy, expectLedgerClean, paymentEvents, paymentRow } from './helpers.ts';
import { komojuWebhook, startKomojuShop } from './komoju-shop.ts';

const t = useShop(startKomojuShop);

const credited = async (memberId: number) => (await balance(t.shop, memberId)).point;

describe('KOMOJU rail: redirect methods through a one-method session (ADR 0042)', () => {
  it('lists only what KOMOJU carries: no cards, no bank transfer', async () => {
    const list = (await t.shop.client().get('/user/pay_style')).list as { id: number }[];
    expect(list.map((p) => p.id)).toEqual([8, 10, 11, 13, 2, 6]);
    const m = await buildMember(t.shop);
    expect((await buy(m.client, { point_price_id: t.course[500], pay_id: 1, token: 'tok_abcdefgh' })).state).toBe(400);
  });

  it('メルペイ: approved on the page, then the webhook (twice) credits exactly once', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 10 });
    expect(res).toMatchObject({ state: 200, result: '1' });
    expect(res.url).toMatch(/^https:\/\/komoju\.test\/sessions\//);
    const row = await paymentRow(t.shop, res.payment_id as string);
    const session = t.fake.sessionOf(row.provider_ref);
    expect(session).toMatchObject({ amount: 1000, payment_types: ['merpay'] });
    expect(session.payment_data?.external_order_num).toBe(res.payment_id);
    expect(session.return_url).toContain(`/pay-redirect?payment_id=${res.payment_id}`);

    const paid = t.fake.payOnPage(session.id, 'captured');
    const event = t.fake.event('payment.captured', paid);
    expect(await komojuWebhook(t.shop, event)).toEqual({ status: 200, outcome: 'processed' });
    expect(await komojuWebhook(t.shop, event)).toEqual({ status: 200, outcome: 'duplicate' });
    // The same news under another event id changes nothing either.
    expect((await komojuWebhook(t.shop, t.fake.event('payment.updated', paid))).outcome).toBe('ignored');
    expect(await credited(m.id)).toBe(1000);
    expect((await m.client.post('/user/point/append', { token: res.payment_id })).result).toBe('1');
    expect(await paymentEvents(t.shop, res.payment_id as string)).toEqual(['created', 'pending', 'succeeded']);
    await expectLedgerClean(t.shop);
  });

  it('Paidy refused on the page: failed, nothing credited, a late capture for it is refused', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[3000], pay_id: 13 });
    const session = t.fake.sessionOf((await paymentRow(t.shop, res.payment_id as string)).provider_ref);
    expect(session.payment_types).toEqual(['paidy']);
    const failed = t.fake.payOnPage(session.id, 'failed');
    expect((await komojuWebhook(t.shop, t.fake.event('payment.failed', failed))).outcome).toBe('processed');
    expect((await paymentRow(t.shop, res.payment_id as string)).status).toBe('failed');
    // Out of order / forged-by-mistake: a capture after the failure never credits.
    const late = t.fake.move(failed.id, 'captured');
    expect((await komojuWebhook(t.shop, t.fake.event('payment.captured', late))).outcome).toBe('ignored');
    expect(await credited(m.id)).toBe(0);
    expect((await m.client.get(`/user/point/end?payment_id=${res.payment_id}`)).result).toBe('0');
  });

  it('au PAY left to expire: expired, and an authorized event arriving after it changes nothing', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 11 });
    const session = t.fake.sessionOf((await paymentRow(t.shop, res.payment_id as string)).provider_ref);
    expect(session.payment_types).toEqual(['aupay']);
    const p = t.fake.payOnPage(session.id, 'expired');
    const expired = t.fake.event('payment.expired', p);
    const authorized = t.fake.event('payment.authorized', { ...p, status: 'authorized' });
    expect((await komojuWebhook(t.shop, expired)).outcome).toBe('processed');
    expect((await komojuWebhook(t.shop, authorized)).outcome).toBe('ignored');
    expect((await paymentRow(t.shop, res.payment_id as string)).status).toBe('expired');
    expect(await credited(m.id)).toBe(0);
  });

  it('docomo carrier billing: the member comes back before the webhook; the shop asks KOMOJU; credited once', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 6, carrier_id: 'docomo' });
    const session = t.fake.sessionOf((await paymentRow(t.shop, res.payment_id as string)).provider_ref);
    expect(session.payment_types).toEqual(['docomo']);
    // One return address for every outcome: /pay-redirect asks KOMOJU, never the carrier's "paid" page.
    expect(session.return_url).toContain(`/pay-redirect?payment_id=${res.payment_id}`);
    const p = t.fake.payOnPage(session.id, 'captured');
    expect((await m.client.get(`/user/point/end?payment_id=${res.payment_id}`)).result).toBe('1');
    expect((await komojuWebhook(t.shop, t.fake.event('payment.captured', p))).outcome).toBe('ignored');
    expect(await credited(m.id)).toBe(1000);
    await expectLedgerClean(t.shop);
  });

  it('racing deliveries of two events for one capture credit once', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[5000], pay_id: 8 });
    const session = t.fake.sessionOf((await paymentRow(t.shop, res.payment_id as string)).provider_ref);
    const p = t.fake.payOnPage(session.id, 'captured');
    const events = [t.fake.event('payment.captured', p), t.fake.event('payment.updated', p)];
    const outcomes = await Promise.all([...events, ...events].map((e) => komojuWebhook(t.shop, e)));
    expect(outcomes.filter((o) => o.outcome === 'processed')).toHaveLength(1);
    expect(outcomes.every((o) => o.status === 200)).toBe(true);
    expect(await credited(m.id)).toBe(5000);
    await expectLedgerClean(t.shop);
  });
});

describe('KOMOJU rail: konbini by chain', () => {
  it('Seven-Eleven: KOMOJU numbers the slip; paying at the store credits once', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[3000], pay_id: 2, combini_code: 'seven-eleven' });
    expect(res.receipt).toMatch(/^\d{13}$/);
    const slip = await m.client.get(`/user/point/combini_number?paymentID=${res.receipt}`);
    expect(slip).toMatchObject({ store: 'seven-eleven', instruction: 'online_slip', price: 3000 });
    expect(slip.url).toMatch(/^https:\/\/komoju\.test\/ja\/instructions\//);
    const row = await paymentRow(t.shop, res.payment_id as string);
    const id = row.provider_ref.replace('payment:', '');
    // Captured arrives before the authorized event that KOMOJU sent first: still one credit.
    const captured = t.fake.event('payment.captured', t.fake.move(id, 'captured'));
    const authorized = t.fake.event('payment.authorized', { ...t.fake.payments.get(id)!, status: 'authorized' });
    expect((await komojuWebhook(t.shop, captured)).outcome).toBe('processed');
    expect((await komojuWebhook(t.shop, authorized)).outcome).toBe('ignored');
    expect(await credited(m.id)).toBe(3000);
    await expectLedgerClean(t.shop);
  });

  it('Lawson: a confirmation number beside the receipt; left unpaid it expires and never credits', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 2, combini_code: 'lawson' });
    const slip = await m.client.get(`/user/point/combini_number?paymentID=${res.receipt}`);
    expect(slip).toMatchObject({ store: 'lawson', instruction: 'confirmation_number' });
    expect(slip.confirmation).toMatch(/^\d{4}$/);
    const id = (await paymentRow(t.shop, res.payment_id as string)).provider_ref.replace('payment:', '');
    expect((await komojuWebhook(t.shop, t.fake.event('payment.expired', t.fake.move(id, 'expired')))).outcome).toBe(
      'processed',
    );
    expect((await paymentRow(t.shop, res.payment_id as string)).status).toBe('expired');
    expect(await credited(m.id)).toBe(0);
  });
});

describe('KOMOJU webhooks that are refused', () => {
  it('a bad signature is refused (400) and changes nothing; an unknown payment is 404', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 10 });
    const session = t.fake.sessionOf((await paymentRow(t.shop, res.payment_id as string)).provider_ref);
    const p = t.fake.payOnPage(session.id, 'captured');
    const forged = t.fake.event('payment.captured', p, { secret: 'not-the-webhook-secret-at-all' });
    expect(await komojuWebhook(t.shop, forged)).toEqual({ status: 400, outcome: 'bad_signature' });
    const noSig = { ...t.fake.event('payment.captured', p), signature: '' };
    expect((await komojuWebhook(t.shop, noSig)).outcome).toBe('bad_signature');
    expect(await credited(m.id)).toBe(0);
    const stranger = t.fake.event('payment.captured', { ...p, id: 'zzz', session: 'nosuchsession' });
    expect(await komojuWebhook(t.shop, stranger)).toEqual({ status: 404, outcome: 'unknown_payment' });
    const short = t.fake.event('payment.captured', { ...p, amount: 900 });
    expect((await komojuWebhook(t.shop, short)).outcome).toBe('amount_mismatch');
    expect(await credited(m.id)).toBe(0);
    const ping = t.fake.event('ping', p);
    expect((await komojuWebhook(t.shop, ping)).outcome).toBe('ignored');
  });

  it('KOMOJU down at start: the member is told the company could not be reached; nothing is charged', async () => {
    const m = await buildMember(t.shop);
    t.fake.down = true;
    try {
      const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 10 });
      expect(res.state).toBe(500);
      expect(res.errors?.general?.[0]).toBe('決済会社に接続できませんでした。時間をおいて再度お試しください');
    } finally {
      t.fake.down = false;
    }
    expect(await credited(m.id)).toBe(0);
  });
});
