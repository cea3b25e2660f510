import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setGateway } from '../../src/services/payments/gateway.ts';
import { createStripeGateway } from '../../src/services/payments/stripe-gateway.ts';
import type { Envelope } from '../api-client.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { FakeStripe, stripeEvent } from './fake-stripe.ts';
import { balance, buy, expectLedgerClean, paymentRow, seedCourses } from './helpers.ts';

const WEBHOOK_SECRET = 'whsec_testKirakiraSecret';
let shop: TestShop;
let fake: FakeStripe;
let course: Record<number, number>;

beforeAll(async () => {
  shop = await startTestShop({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_kirakira',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  });
  fake = new FakeStripe();
  setGateway(
    shop.ctx,
    createStripeGateway(shop.ctx, { httpClient: Stripe.createFetchHttpClient(fake.fetch as typeof fetch) }),
  );
  course = await seedCourses(shop);
});
afterAll(() => shop.close());

/** A recorded Stripe event about the PaymentIntent behind a point/buy reply. */
async function eventFor(type: string, res: Envelope, amount: number, eventId?: string) {
  const row = await paymentRow(shop, res.payment_id as string);
  return stripeEvent(type, { pi: row.provider_ref, paymentId: res.payment_id as string, amount, eventId });
}

async function webhook(body: string, signature?: string) {
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET });
  const res = await fetch(`${shop.baseUrl}/api/payment/webhook/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body,
  });
  return { status: res.status, outcome: ((await res.json()) as { outcome: string }).outcome };
}

describe('Stripe adapter (PAYMENT_PROVIDER=stripe)', () => {
  it('offers only the methods Stripe has in JPY', async () => {
    const res = await shop.client().get('/user/pay_style');
    expect((res.list as { id: number }[]).map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 2, 4, 7, 8]);
    const m = await buildMember(shop);
    expect((await buy(m.client, { point_price_id: course[500], pay_id: 3 })).errors?.pay_id).toBeDefined();
  });

  it('card: builds a confirmed JPY PaymentIntent with our id as metadata and idempotency key; credits', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[3000], pay_id: 1, token: 'tok_visa' });
    expect(res).toMatchObject({ result: '1', url: '1', point: 3000 });
    const f = fake.lastCreate();
    expect(f.get('amount')).toBe('3000');
    expect(f.get('currency')).toBe('jpy');
    expect(f.get('confirm')).toBe('true');
    expect(f.get('metadata[payment_id]')).toBe(res.payment_id);
    expect(f.get('payment_method_data[type]')).toBe('card');
    expect(f.get('payment_method_options[card][request_three_d_secure]')).toBe('automatic');
    const req = fake.requests.at(-1)!;
    expect(req.headers['idempotency-key']).toBe(`create-${res.payment_id}`);
    expect(req.headers.authorization).toBe('Bearer sk_test_kirakira');
    expect((await balance(shop, m.id)).point).toBe(3000);
    await expectLedgerClean(shop);
  });

  it('card declined: the SDK card error becomes a failed payment', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[500], pay_id: 1, token: 'tok_chargeDeclined' });
    expect(res).toMatchObject({ state: 400, reason: 'declined' });
    const { rows } = await shop.ctx.db.pool.query(
      'SELECT status, failure_reason, provider_ref FROM payments WHERE member_id = $1',
      [m.id],
    );
    expect(rows[0]).toMatchObject({ status: 'failed', failure_reason: 'card_declined' });
    expect(rows[0].provider_ref).toMatch(/^pi_/);
  });

  it('3-D Secure (pay_id 7): requires_action → redirect via /api/acs/secure; webhook success credits once', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[1000], pay_id: 7, token: 'tok_visa' });
    expect(res.result).toBe('7');
    expect(fake.lastCreate().get('payment_method_options[card][request_three_d_secure]')).toBe('any');
    const acs = await m.client.raw(res.url as string);
    expect(acs.headers.get('location')).toMatch(/^https:\/\/hooks\.stripe\.test\/3d_secure\/pi_/);
    const body = await eventFor('payment_intent.succeeded', res, 1000);
    expect(await webhook(body)).toEqual({ status: 200, outcome: 'processed' });
    expect(await webhook(body)).toEqual({ status: 200, outcome: 'duplicate' });
    expect((await m.client.post('/user/point/append', { token: res.payment_id })).result).toBe('1');
    expect((await balance(shop, m.id)).point).toBe(1000);
    await expectLedgerClean(shop);
  });

  it('3-D Secure failure event: payment_failed → failed, nothing credited', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[1000], pay_id: 1, token: 'tok_threeDSecureRequired' });
    const body = await eventFor('payment_intent.payment_failed', res, 1000);
    expect((await webhook(body)).outcome).toBe('processed');
    expect((await m.client.get(`/user/point/end?payment_id=${res.payment_id}`)).result).toBe('0');
    expect((await balance(shop, m.id)).point).toBe(0);
  });

  it('konbini: voucher and confirmation number; paid by webhook; a canceled voucher never credits', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[5000], pay_id: 2, combini_code: 'econ' });
    expect(res.receipt).toMatch(/^12/);
    const f = fake.lastCreate();
    expect(f.get('allowed_payment_method_types[0]')).toBe('konbini');
    expect(f.get('payment_method_options[konbini][expires_after_days]')).toBe('3');
    expect(f.get('payment_method_data[billing_details][email]')).toBe(m.mail);
    const slip = await m.client.get(`/user/point/combini_number?paymentID=${res.receipt}`);
    expect(slip.url).toMatch(/^https:\/\/payments\.stripe\.test\/konbini\/voucher\//);
    const paid = await eventFor('payment_intent.succeeded', res, 5000);
    expect((await webhook(paid)).outcome).toBe('processed');
    expect((await balance(shop, m.id)).point).toBe(5000);

    const res2 = await buy(m.client, { point_price_id: course[500], pay_id: 2, combini_code: 'other' });
    const cancel = await eventFor('payment_intent.canceled', res2, 500, 'evt_cancel_2');
    expect((await webhook(cancel)).outcome).toBe('processed');
    const late = await eventFor('payment_intent.succeeded', res2, 500, 'evt_late_2');
    expect((await webhook(late)).outcome).toBe('ignored');
    expect((await balance(shop, m.id)).point).toBe(5000);
    await expectLedgerClean(shop);
  });

  it('bank transfer: customer_balance / jp_bank_transfer virtual account shown on /user/bank', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[10000], pay_id: 4, name: 'ヤマダ タロウ' });
    expect(res.url).toContain('/bank-transfer-information');
    const f = fake.lastCreate();
    expect(f.get('payment_method_options[customer_balance][bank_transfer][type]')).toBe('jp_bank_transfer');
    expect(f.get('customer')).toMatch(/^cus_/);
    const customerReq = fake.requests.filter((r) => r.path === '/v1/customers').at(-1)!;
    expect(customerReq.form.get('name')).toBe('ヤマダ タロウ');
    const info = await m.client.get('/user/bank');
    expect(info).toMatchObject({ bank: 'テスト銀行', branch: 'テスト支店', number: '1234567', price: 10000 });
  });

  it('PayPay (pay_id 8) redirects to the wallet', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[500], pay_id: 8 });
    expect(res.url).toMatch(/^https:\/\/pm-redirects\.stripe\.test\/paypay\//);
    expect(fake.lastCreate().get('allowed_payment_method_types[0]')).toBe('paypay');
  });

  it('rejects webhooks signed with another secret, stale, or tampered, and logs them', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[500], pay_id: 2, combini_code: 'econ' });
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
    expect((await paymentRow(shop, res.payment_id as string)).status).toBe('pending');
    expect((await balance(shop, m.id)).point).toBe(0);
    // Events we do not act on are acknowledged so Stripe stops retrying.
    expect(await webhook(stripeEvent('customer.created', { pi: '', paymentId: '', amount: 0 }))).toEqual({
      status: 200,
      outcome: 'ignored',
    });
  });

  it('the unpaid job cancels the PaymentIntent at Stripe', async () => {
    const { cancelUnpaidJob } = await import('../../src/jobs/cancel-unpaid.ts');
    const { runJobUntilIdle } = await import('../../src/jobs/runner.ts');
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[500], pay_id: 4, name: 'サトウ' });
    const row = await paymentRow(shop, res.payment_id as string);
    shop.clock.advance(3 * 86400_000 + 60_000);
    await runJobUntilIdle(shop.ctx, cancelUnpaidJob);
    expect(fake.requests.some((r) => r.path === `/v1/payment_intents/${row.provider_ref}/cancel`)).toBe(true);
    expect((await paymentRow(shop, res.payment_id as string)).status).toBe('cancelled');
  });

  it('a bad configuration stops the start naming the variable', async () => {
    const { parseConfig } = await import('../../src/config.ts');
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => parseConfig({ PAYMENT_PROVIDER: 'paypal' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => parseConfig({ PAYMENT_CALLBACK_SECRET: 'short' })).toThrow(/PAYMENT_CALLBACK_SECRET/);
  });
});
