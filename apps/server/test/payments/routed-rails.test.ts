import { describe, expect, it } from 'vitest';
import { cancelUnpaidJob } from '../../src/jobs/cancel-unpaid.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { createKomojuGateway } from '../../src/services/payments/gateways/komoju-gateway.ts';
import { routedGateway } from '../../src/services/payments/gateways/routes.ts';
import { createSandboxGateway } from '../../src/services/payments/gateways/sandbox-gateway.ts';
import { staffClient } from '../admin/staff-fixtures.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { FakeKomoju } from './fake-komoju.ts';
import { balance, buy, cardToken, DAY, expectLedgerClean, paymentRow, seedCourses } from './helpers.ts';
import { KOMOJU_SECRET_KEY, KOMOJU_WEBHOOK_SECRET, komojuWebhook } from './komoju-shop.ts';

/** Cards, bank and wallets by the sandbox; メルペイ, au PAY, Paidy, PayPay, konbini and carrier by KOMOJU. */
const t = useShop(async () => {
  const shop = await startTestShop({
    PAYMENT_ROUTES: 'komoju=2,6,8,10,11,13',
    KOMOJU_SECRET_KEY,
    KOMOJU_WEBHOOK_SECRET,
  });
  const fake = new FakeKomoju(KOMOJU_SECRET_KEY, KOMOJU_WEBHOOK_SECRET);
  const config = shop.ctx.config;
  shop.ctx.gateway = routedGateway(
    createSandboxGateway(config, shop.ctx.db.pool),
    { komoju: createKomojuGateway(config, { fetch: fake.fetch as typeof fetch }) },
    config.payments.routes,
  );
  return { shop, fake, course: await seedCourses(shop), owner: await staffClient(shop, 'owner') };
});

describe('routing per method (ADR 0042)', () => {
  it('the storefront lists every method; the console shows which provider serves each', async () => {
    const list = (await t.shop.client().get('/user/pay_style')).list as { id: number }[];
    expect(list).toHaveLength(13);
    const methods = (await t.owner.get('/admin/payments/methods')).methods as { id: number; provider: string }[];
    const provider = Object.fromEntries(methods.map((m) => [m.id, m.provider]));
    expect(provider).toMatchObject({
      1: 'sandbox',
      4: 'sandbox',
      14: 'sandbox',
      10: 'komoju',
      13: 'komoju',
      2: 'komoju',
    });
  });

  it('a card is paid at the sandbox and メルペイ at KOMOJU; each payment keeps its provider and its webhook path', async () => {
    const m = await buildMember(t.shop);
    const card = await buy(m.client, {
      point_price_id: t.course[500],
      pay_id: 1,
      token: (await cardToken(t.shop)).token,
    });
    expect(card).toMatchObject({ state: 200, url: '1' });
    expect((await paymentRow(t.shop, card.payment_id as string)).gateway).toBe('sandbox');

    const merpay = await buy(m.client, { point_price_id: t.course[1000], pay_id: 10 });
    const row = await paymentRow(t.shop, merpay.payment_id as string);
    expect(row.gateway).toBe('komoju');
    const paid = t.fake.payOnPage(t.fake.sessionOf(row.provider_ref).id, 'captured');
    expect((await komojuWebhook(t.shop, t.fake.event('payment.captured', paid))).outcome).toBe('processed');
    expect((await balance(t.shop, m.id)).point).toBe(1500);
    // The member's return asks KOMOJU, not the sandbox, and changes nothing more.
    expect((await m.client.post('/user/point/append', { token: merpay.payment_id })).result).toBe('1');
    expect((await balance(t.shop, m.id)).point).toBe(1500);
    await expectLedgerClean(t.shop);
  });

  it('an unpaid KOMOJU konbini order past its deadline is cancelled at KOMOJU by the job', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 2, combini_code: 'ministop' });
    const row = await paymentRow(t.shop, res.payment_id as string);
    t.shop.clock.advance(4 * DAY);
    await runJobUntilIdle(t.shop.ctx, cancelUnpaidJob);
    expect((await paymentRow(t.shop, res.payment_id as string)).status).toBe('cancelled');
    expect(t.fake.payments.get(row.provider_ref.replace('payment:', ''))!.status).toBe('cancelled');
    expect((await balance(t.shop, m.id)).point).toBe(0);
  });
});
