import { describe, expect, it } from 'vitest';
import { cancelUnpaidJob } from '../../src/jobs/cancel-unpaid.ts';
import { RECONCILE_GRACE_MS, reconcilePaymentsJob } from '../../src/jobs/reconcile-payments.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { REDIRECT_WINDOW_MS } from '../../src/services/payments/methods.ts';
import { reconcilePayment } from '../../src/services/payments/reconcile.ts';
import { buildMember, type TestMember } from '../factories.ts';
import { useShop } from '../test-shop.ts';
import { crashedPayment as crashed } from './crashed-payment.ts';
import { stripeEvent } from './fake-stripe.ts';
import { balance, buy, expectLedgerClean, paymentEvents, paymentRow } from './helpers.ts';
import { startStripeShop, stripeWebhook } from './stripe-shop.ts';

const t = useShop(startStripeShop);

const visa = { kind: 'card', token: 'tok_visa', force3ds: false } as const;
const crashedPayment = (m: TestMember, points: number, charge: boolean) =>
  crashed(t.shop, m, { id: t.course[points]!, points }, charge ? visa : null);

const webhook = async (body: string) => (await stripeWebhook(t.shop, body)).outcome;

const afterGrace = () => t.shop.clock.advance(RECONCILE_GRACE_MS + 1000);
const succeededEvents = async (publicId: string) =>
  (await paymentEvents(t.shop, publicId)).filter((s) => s === 'succeeded').length;

describe('reconciling payments the shop lost track of (PAYMENT_PROVIDER=stripe)', () => {
  it('a charge Stripe confirmed whose intent id was never saved is credited once by the job; a late webhook adds nothing', async () => {
    const m = await buildMember(t.shop);
    const p = await crashedPayment(m, 1000, true);
    // Within the grace period the job leaves it alone: the start of payment may still be running.
    await runJobUntilIdle(t.shop.ctx, reconcilePaymentsJob);
    expect((await paymentRow(t.shop, p.public_id)).status).toBe('created');

    afterGrace();
    await runJobUntilIdle(t.shop.ctx, reconcilePaymentsJob);
    const row = await paymentRow(t.shop, p.public_id);
    expect(row.status).toBe('succeeded');
    expect(row.provider_ref).toMatch(/^pi_/);
    expect(t.fake.requests.some((r) => r.path === '/v1/payment_intents/search')).toBe(true);
    expect((await balance(t.shop, m.id)).point).toBe(1000);

    afterGrace();
    t.shop.clock.advance(20 * 60_000);
    await runJobUntilIdle(t.shop.ctx, reconcilePaymentsJob);
    const late = stripeEvent('payment_intent.succeeded', {
      pi: row.provider_ref,
      paymentId: p.public_id,
      amount: 1000,
    });
    expect(await webhook(late)).toBe('ignored');
    expect((await balance(t.shop, m.id)).point).toBe(1000);
    expect(await succeededEvents(p.public_id)).toBe(1);
    await expectLedgerClean(t.shop);
  });

  it('two job runners racing (and two direct reconciles) credit a lost charge exactly once', async () => {
    const m = await buildMember(t.shop);
    const a = await crashedPayment(m, 500, true);
    afterGrace();
    await Promise.all([reconcilePaymentsJob.run(t.shop.ctx), reconcilePaymentsJob.run(t.shop.ctx)]);
    const b = await crashedPayment(m, 1000, true);
    const moved = await Promise.all([reconcilePayment(t.shop.ctx, { ...b }), reconcilePayment(t.shop.ctx, { ...b })]);
    expect(moved.sort()).toEqual([false, true]);
    for (const p of [a, b]) {
      expect((await paymentRow(t.shop, p.public_id)).status).toBe('succeeded');
      expect(await succeededEvents(p.public_id)).toBe(1);
    }
    expect((await balance(t.shop, m.id)).point).toBe(1500);
    await expectLedgerClean(t.shop);
  });

  it('a created payment with no intent at Stripe is never credited and expires at its deadline', async () => {
    const m = await buildMember(t.shop);
    const p = await crashedPayment(m, 500, false);
    afterGrace();
    await runJobUntilIdle(t.shop.ctx, reconcilePaymentsJob);
    expect((await paymentRow(t.shop, p.public_id)).status).toBe('created');
    t.shop.clock.advance(REDIRECT_WINDOW_MS);
    await runJobUntilIdle(t.shop.ctx, cancelUnpaidJob);
    const row = await paymentRow(t.shop, p.public_id);
    expect(row.status).toBe('expired');
    expect(row.provider_ref).toBeNull();
    expect((await balance(t.shop, m.id)).point).toBe(0);
  });

  it('record before charge: a confirm that fails leaves the intent id saved and the payment open, never charged blind', async () => {
    const m = await buildMember(t.shop);
    t.fake.failWhen = (r) => r.path.endsWith('/confirm');
    let res;
    try {
      res = await buy(m.client, { point_price_id: t.course[3000], pay_id: 1, token: 'tok_visa' });
    } finally {
      t.fake.failWhen = null;
    }
    expect(res.state).toBe(500);
    const { rows } = await t.shop.ctx.db.pool.query('SELECT public_id FROM payments WHERE member_id = $1', [m.id]);
    const publicId = rows[0].public_id as string;
    const row = await paymentRow(t.shop, publicId);
    expect(row.status).toBe('created');
    expect(row.provider_ref).toMatch(/^pi_/);
    expect(t.fake.intents.get(row.provider_ref)?.status).toBe('requires_confirmation');
    // Nothing was charged: the job finds the intent open and leaves the payment for its deadline, where the
    // unpaid job cancels the intent at Stripe before closing it.
    afterGrace();
    await runJobUntilIdle(t.shop.ctx, reconcilePaymentsJob);
    expect((await paymentRow(t.shop, publicId)).status).toBe('created');
    t.shop.clock.advance(REDIRECT_WINDOW_MS);
    await runJobUntilIdle(t.shop.ctx, cancelUnpaidJob);
    expect((await paymentRow(t.shop, publicId)).status).toBe('expired');
    expect(t.fake.intents.get(row.provider_ref)?.status).toBe('canceled');
    expect((await balance(t.shop, m.id)).point).toBe(0);
  });

  it('a confirm whose reply was lost but which charged: the saved id lets the webhook credit it', async () => {
    const m = await buildMember(t.shop);
    // Stripe charged, then the reply never reached the shop.
    t.fake.failWhen = (r) => {
      if (!r.path.endsWith('/confirm')) return false;
      const pi = t.fake.intents.get(r.path.split('/')[3]!)!;
      pi.status = 'succeeded';
      pi.amount_received = pi.amount;
      return true;
    };
    try {
      expect((await buy(m.client, { point_price_id: t.course[500], pay_id: 1, token: 'tok_visa' })).state).toBe(500);
    } finally {
      t.fake.failWhen = null;
    }
    const { rows } = await t.shop.ctx.db.pool.query('SELECT public_id FROM payments WHERE member_id = $1', [m.id]);
    const row = await paymentRow(t.shop, rows[0].public_id as string);
    expect(row.status).toBe('created');
    const paid = stripeEvent('payment_intent.succeeded', {
      pi: row.provider_ref,
      paymentId: row.public_id as string,
      amount: 500,
    });
    expect(await webhook(paid)).toBe('processed');
    afterGrace();
    await runJobUntilIdle(t.shop.ctx, reconcilePaymentsJob);
    expect((await balance(t.shop, m.id)).point).toBe(500);
    expect(await succeededEvents(row.public_id as string)).toBe(1);
    await expectLedgerClean(t.shop);
  });

  it('a lost webhook: a 3-D Secure payment Stripe finished is settled by the job', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 7, token: 'tok_visa' });
    const row = await paymentRow(t.shop, res.payment_id as string);
    expect(row.status).toBe('requires_action');
    const pi = t.fake.intents.get(row.provider_ref)!;
    pi.status = 'succeeded';
    pi.amount_received = pi.amount;
    afterGrace();
    await runJobUntilIdle(t.shop.ctx, reconcilePaymentsJob);
    expect((await paymentRow(t.shop, res.payment_id as string)).status).toBe('succeeded');
    expect((await balance(t.shop, m.id)).point).toBe(1000);
  });
});
