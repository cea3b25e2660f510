import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { createStripeGateway } from '../../src/services/payments/gateways/stripe-gateway.ts';
import type { Envelope } from '../api-client.ts';
import { buildMember } from '../factories.ts';
import { useShop } from '../test-shop.ts';
import { stripeEvent } from './fake-stripe.ts';
import { balance, buy, expectLedgerClean, paymentRow } from './helpers.ts';
import { PUBLISHABLE_KEY, startStripeShop, stripeWebhook, WEBHOOK_SECRET } from './stripe-shop.ts';

const t = useShop(startStripeShop);

/** A recorded Stripe event about the PaymentIntent behind a point/buy reply. */
async function eventFor(type: string, res: Envelope, amount: number, eventId?: string) {
  const row = await paymentRow(t.shop, res.payment_id as string);
  return stripeEvent(type, { pi: row.provider_ref, paymentId: res.payment_id as string, amount, eventId });
}

/** A call Stripe.js makes from the browser: the publishable key as the `key` field, never the secret key. */
async function browserCall(method: 'GET' | 'POST', path: string, fields: Record<string, string> = {}) {
  const body = new URLSearchParams({ key: PUBLISHABLE_KEY, ...fields }).toString();
  const url = `https://api.stripe.com${path}${method === 'GET' ? `${path.includes('?') ? '&' : '?'}key=${PUBLISHABLE_KEY}` : ''}`;
  const res = await t.fake.fetch(url, { method, ...(method === 'POST' ? { body } : {}) });
  return (await res.json()) as Record<string, unknown> & { id: string; status: string; error?: unknown };
}

/** Stripe.js's createPaymentMethod for a test card number: the PaymentMethod id the browser sends as token. */
async function browserPaymentMethod(number: string): Promise<string> {
  const pm = await browserCall('POST', '/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getFullYear() + 3),
    'card[cvc]': '123',
    'billing_details[name]': 'TARO YAMADA',
  });
  return pm.id;
}

const webhook = (body: string, signature?: string) => stripeWebhook(t.shop, body, signature);

describe('Stripe adapter (PAYMENT_PROVIDER=stripe)', () => {
  it('offers only the methods Stripe has in JPY', async () => {
    const res = await t.shop.client().get('/user/pay_style');
    expect((res.list as { id: number }[]).map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 2, 4, 7, 8]);
    const m = await buildMember(t.shop);
    expect((await buy(m.client, { point_price_id: t.course[500], pay_id: 3 })).errors?.pay_id).toBeDefined();
  });

  it('card: a JPY PaymentIntent with our id as metadata, saved before it is confirmed; idempotency keys; credits', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[3000], pay_id: 1, token: 'tok_visa' });
    expect(res).toMatchObject({ result: '1', url: '1', point: 3000 });
    const f = t.fake.lastCreate();
    expect(f.get('amount')).toBe('3000');
    expect(f.get('currency')).toBe('jpy');
    // Record-before-charge: created unconfirmed, confirmed in a second call once the shop has the intent id.
    expect(f.get('confirm')).toBeNull();
    expect(f.get('metadata[payment_id]')).toBe(res.payment_id);
    expect(f.get('payment_method_data[type]')).toBe('card');
    expect(f.get('payment_method_options[card][request_three_d_secure]')).toBe('automatic');
    const [create, confirm] = t.fake.requests.slice(-2);
    const pi = (await paymentRow(t.shop, res.payment_id as string)).provider_ref;
    expect(create!.headers['idempotency-key']).toBe(`create-${res.payment_id}`);
    expect(confirm!.path).toBe(`/v1/payment_intents/${pi}/confirm`);
    expect(confirm!.headers['idempotency-key']).toBe(`confirm-${res.payment_id}`);
    expect(confirm!.form.get('return_url')).toMatch(/^http/);
    expect(confirm!.headers.authorization).toBe('Bearer sk_test_kirakira');
    expect((await balance(t.shop, m.id)).point).toBe(3000);
    await expectLedgerClean(t.shop);
  });

  it('a retried start (same payment id) gets the same PaymentIntent back and charges once', async () => {
    const m = await buildMember(t.shop);
    const req = {
      paymentId: 'pay_retriedStartTestPayment01',
      memberId: m.id,
      amount: 500,
      payId: 1 as const,
      description: '500pt',
      method: { kind: 'card' as const, token: 'tok_visa', force3ds: false },
      returnUrls: { success: `${t.shop.baseUrl}/pay-redirect`, failure: `${t.shop.baseUrl}/pay-redirect` },
      expiresAt: new Date(Date.now() + 86400_000),
      buyer: { name: 'TARO', email: m.mail },
    };
    const recorded: string[] = [];
    const recordRef = async (ref: string) => void recorded.push(ref);
    const first = await t.shop.ctx.gateway.createPayment({ ...req, recordRef });
    const again = await t.shop.ctx.gateway.createPayment({ ...req, recordRef });
    expect(again).toEqual(first);
    expect(recorded).toEqual([first.providerRef, first.providerRef]);
    const mine = [...t.fake.intents.values()].filter(
      (pi) => (pi.metadata as Record<string, string>).payment_id === req.paymentId,
    );
    expect(mine).toHaveLength(1);
    expect(await t.shop.ctx.gateway.findByMerchantRef(req.paymentId)).toMatchObject({
      providerRef: first.providerRef,
      status: 'succeeded',
      amount: 500,
    });
    expect(await t.shop.ctx.gateway.findByMerchantRef('pay_noSuchPayment')).toBeNull();
  });

  it('card declined: the SDK card error becomes a failed payment', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 1, token: 'tok_chargeDeclined' });
    expect(res).toMatchObject({ state: 400, reason: 'declined' });
    const { rows } = await t.shop.ctx.db.pool.query(
      'SELECT status, failure_reason, provider_ref FROM payments WHERE member_id = $1',
      [m.id],
    );
    expect(rows[0]).toMatchObject({ status: 'failed', failure_reason: 'card_declined' });
    expect(rows[0].provider_ref).toMatch(/^pi_/);
  });

  it('3-D Secure (pay_id 7): requires_action → redirect via /api/acs/secure; webhook success credits once', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 7, token: 'tok_visa' });
    expect(res.result).toBe('7');
    expect(t.fake.lastCreate().get('payment_method_options[card][request_three_d_secure]')).toBe('any');
    const acs = await m.client.raw(res.url as string);
    expect(acs.headers.get('location')).toMatch(/^https:\/\/hooks\.stripe\.test\/3d_secure\/pi_/);
    const body = await eventFor('payment_intent.succeeded', res, 1000);
    expect(await webhook(body)).toEqual({ status: 200, outcome: 'processed' });
    expect(await webhook(body)).toEqual({ status: 200, outcome: 'duplicate' });
    expect((await m.client.post('/user/point/append', { token: res.payment_id })).result).toBe('1');
    expect((await balance(t.shop, m.id)).point).toBe(1000);
    await expectLedgerClean(t.shop);
  });

  it('3-D Secure failure event: payment_failed → failed, nothing credited', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 1, token: 'tok_threeDSecureRequired' });
    const body = await eventFor('payment_intent.payment_failed', res, 1000);
    expect((await webhook(body)).outcome).toBe('processed');
    expect((await m.client.get(`/user/point/end?payment_id=${res.payment_id}`)).result).toBe('0');
    expect((await balance(t.shop, m.id)).point).toBe(0);
  });

  it('konbini: voucher and confirmation number; paid by webhook; a canceled voucher never credits', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[5000], pay_id: 2, combini_code: 'econ' });
    expect(res.receipt).toMatch(/^12/);
    const f = t.fake.lastCreate();
    expect(f.get('allowed_payment_method_types[0]')).toBe('konbini');
    expect(f.get('payment_method_options[konbini][expires_after_days]')).toBe('3');
    expect(f.get('payment_method_data[billing_details][email]')).toBe(m.mail);
    const slip = await m.client.get(`/user/point/combini_number?paymentID=${res.receipt}`);
    expect(slip.url).toMatch(/^https:\/\/payments\.stripe\.test\/konbini\/voucher\//);
    const paid = await eventFor('payment_intent.succeeded', res, 5000);
    expect((await webhook(paid)).outcome).toBe('processed');
    expect((await balance(t.shop, m.id)).point).toBe(5000);

    const res2 = await buy(m.client, { point_price_id: t.course[500], pay_id: 2, combini_code: 'other' });
    const cancel = await eventFor('payment_intent.canceled', res2, 500, 'evt_cancel_2');
    expect((await webhook(cancel)).outcome).toBe('processed');
    const late = await eventFor('payment_intent.succeeded', res2, 500, 'evt_late_2');
    expect((await webhook(late)).outcome).toBe('ignored');
    expect((await balance(t.shop, m.id)).point).toBe(5000);
    await expectLedgerClean(t.shop);
  });

  it('bank transfer: customer_balance / jp_bank_transfer virtual account shown on /user/bank', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[10000], pay_id: 4, name: 'ヤマダ タロウ' });
    expect(res.url).toContain('/bank-transfer-information');
    const f = t.fake.lastCreate();
    expect(f.get('payment_method_options[customer_balance][bank_transfer][type]')).toBe('jp_bank_transfer');
    expect(f.get('customer')).toMatch(/^cus_/);
    const customerReq = t.fake.requests.filter((r) => r.path === '/v1/customers').at(-1)!;
    expect(customerReq.form.get('name')).toBe('ヤマダ タロウ');
    const info = await m.client.get('/user/bank');
    expect(info).toMatchObject({ bank: 'テスト銀行', branch: 'テスト支店', number: '1234567', price: 10000 });
  });

  it('PayPay (pay_id 8) redirects to the wallet', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 8 });
    expect(res.url).toMatch(/^https:\/\/pm-redirects\.stripe\.test\/paypay\//);
    expect(t.fake.lastCreate().get('allowed_payment_method_types[0]')).toBe('paypay');
  });

  it('rejects webhooks signed with another secret, stale, or tampered, and logs them', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 2, combini_code: 'econ' });
    const body = await eventFor('payment_intent.succeeded', res, 500, 'evt_forge');
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: 'whsec_attacker' });
    expect(await webhook(body, forged)).toEqual({ status: 400, outcome: 'bad_signature' });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect((await webhook(body, stale)).outcome).toBe('bad_signature');
    const good = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
    expect((await webhook(body.replace('"amount": 500', '"amount": 50'), good)).outcome).toBe('bad_signature');
    const wrongAmount = await eventFor('payment_intent.succeeded', res, 499, 'evt_amount');
    expect((await webhook(wrongAmount)).outcome).toBe('amount_mismatch');
    expect((await paymentRow(t.shop, res.payment_id as string)).status).toBe('pending');
    expect((await balance(t.shop, m.id)).point).toBe(0);
    // Events we do not act on are acknowledged so Stripe stops retrying.
    expect(await webhook(stripeEvent('customer.created', { pi: '', paymentId: '', amount: 0 }))).toEqual({
      status: 200,
      outcome: 'ignored',
    });
  });

  it('the unpaid job cancels the PaymentIntent at Stripe', async () => {
    const { cancelUnpaidJob } = await import('../../src/jobs/cancel-unpaid.ts');
    const { runJobUntilIdle } = await import('../../src/jobs/runner.ts');
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 4, name: 'サトウ' });
    const row = await paymentRow(t.shop, res.payment_id as string);
    t.shop.clock.advance(3 * 86400_000 + 60_000);
    await runJobUntilIdle(t.shop.ctx, cancelUnpaidJob);
    expect(t.fake.requests.some((r) => r.path === `/v1/payment_intents/${row.provider_ref}/cancel`)).toBe(true);
    expect((await paymentRow(t.shop, res.payment_id as string)).status).toBe('cancelled');
  });

  it('pay_style tells the browser to take cards with Stripe.js and hands it the publishable key', async () => {
    const res = await t.shop.client().get('/user/pay_style');
    expect(res).toMatchObject({ payment_provider: 'stripe', publishable_key: PUBLISHABLE_KEY });
  });

  it('a card from Stripe.js: its PaymentMethod pays; 3-D Secure hands back the client secret for the page', async () => {
    const m = await buildMember(t.shop);
    const ok = await buy(m.client, {
      point_price_id: t.course[500],
      pay_id: 1,
      token: await browserPaymentMethod('4242424242424242'),
    });
    expect(ok).toMatchObject({ result: '1', url: '1', point: 500 });
    expect(t.fake.lastCreate().get('payment_method')).toMatch(/^pm_/);

    const res = await buy(m.client, {
      point_price_id: t.course[1000],
      pay_id: 1,
      token: await browserPaymentMethod('4000002500003155'),
    });
    expect(res.result).toBe('7');
    const secret = res.client_secret as string;
    const pi = (await paymentRow(t.shop, res.payment_id as string)).provider_ref;
    expect(secret).toMatch(new RegExp(`^${pi}_secret_`));
    // What Stripe.js does with it: read the intent, pass the challenge; then the page goes to /pay-redirect.
    expect((await browserCall('GET', `/v1/payment_intents/${pi}?client_secret=${secret}`)).status).toBe(
      'requires_action',
    );
    expect((await browserCall('GET', `/v1/payment_intents/${pi}?client_secret=wrong`)).error).toBeDefined();
    await browserCall('POST', `/v1/payment_intents/${pi}/test_3ds`, { client_secret: secret, outcome: 'pass' });
    expect((await m.client.post('/user/point/append', { token: res.payment_id })).result).toBe('1');
    expect((await balance(t.shop, m.id)).point).toBe(1500);

    const failed = await buy(m.client, {
      point_price_id: t.course[500],
      pay_id: 7,
      token: await browserPaymentMethod('4242424242424242'),
    });
    const failedPi = (await paymentRow(t.shop, failed.payment_id as string)).provider_ref;
    await browserCall('POST', `/v1/payment_intents/${failedPi}/test_3ds`, {
      client_secret: failed.client_secret as string,
      outcome: 'fail',
    });
    expect((await m.client.post('/user/point/append', { token: failed.payment_id })).result).toBe('0');
    expect((await balance(t.shop, m.id)).point).toBe(1500);
    await expectLedgerClean(t.shop);
  });

  it('a declined card from Stripe.js fails the payment; a saved one is attached to a customer', async () => {
    const m = await buildMember(t.shop);
    const declined = await buy(m.client, {
      point_price_id: t.course[500],
      pay_id: 1,
      token: await browserPaymentMethod('4000000000000002'),
    });
    expect(declined).toMatchObject({ state: 400, reason: 'declined' });
    const saved = await buy(m.client, {
      point_price_id: t.course[500],
      pay_id: 1,
      token: await browserPaymentMethod('3566002020360505'),
      save_card: '1',
    });
    expect(saved.result).toBe('1');
    const cards = await m.client.get('/user/point/savedcard');
    expect(cards.card_list).toMatchObject([{ card: '**** **** **** 0505', brand: 'JCB' }]);
  });

  it('STRIPE_API_BASE points the SDK at a Stripe API over HTTP (the browser tests run the fake this way)', async () => {
    const { startFakeStripeServer } = await import('./fake-stripe-server.ts');
    const api = await startFakeStripeServer();
    try {
      const config = { ...t.shop.ctx.config, payments: { ...t.shop.ctx.config.payments, stripeApiBase: api.url } };
      const gateway = createStripeGateway(config);
      const m = await buildMember(t.shop);
      const outcome = await gateway.createPayment({
        paymentId: 'pay_apiBaseTestPayment01',
        memberId: m.id,
        amount: 500,
        payId: 1,
        description: '500pt',
        method: { kind: 'card', token: 'tok_visa', force3ds: false },
        returnUrls: { success: `${t.shop.baseUrl}/pay-redirect`, failure: `${t.shop.baseUrl}/pay-redirect` },
        expiresAt: new Date(Date.now() + 86400_000),
        buyer: { name: 'TARO', email: m.mail },
      });
      expect(outcome).toMatchObject({ status: 'succeeded', providerRef: expect.stringMatching(/^pi_/) });
      expect(api.fake.requests.at(-1)!.headers.authorization).toBe('Bearer sk_test_kirakira');
    } finally {
      api.server.close();
    }
  });

  it('a bad configuration stops the start naming the variable', async () => {
    const { parseConfig } = await import('../../src/config.ts');
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() =>
      parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' }),
    ).toThrow(/STRIPE_PUBLISHABLE_KEY/);
    const keys = {
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    };
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe', ...keys, STRIPE_PUBLISHABLE_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() =>
      parseConfig({
        PAYMENT_PROVIDER: 'stripe',
        ...keys,
        NODE_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(32),
        STRIPE_API_BASE: 'http://127.0.0.1:9',
      }),
    ).toThrow(/STRIPE_API_BASE/);
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseConfig({ PAYMENT_CALLBACK_SECRET: 'short' })).toThrow(/PAYMENT_CALLBACK_SECRET/);
  });
});
