import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentGateway } from '../../src/services/payments/gateways/gateway.ts';
import { buildMember } from '../factories.ts';
import type { TestShop } from '../test-shop.ts';
import { balance, buy, expectLedgerClean, paymentEvents, startPaymentShop } from './helpers.ts';

let shop: TestShop;
let course: Record<number, number>;
let sandbox: PaymentGateway;
beforeAll(async () => {
  ({ shop, course } = await startPaymentShop());
  sandbox = shop.ctx.gateway;
});
afterAll(() => shop.close());

describe('when the payment company cannot be reached', () => {
  it('the payment is closed as failed, the member reads the connection message, nothing is credited', async () => {
    shop.ctx.gateway = {
      ...sandbox,
      createPayment: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
      },
    };
    try {
      const m = await buildMember(shop, { lang: 'en' });
      const res = await buy(m.client, { point_price_id: course[1000], pay_id: 2, combini_code: 'econ' });
      expect(res.state).toBe(500);
      expect(res.errors?.general?.[0]).toBe('Could not connect to the payment company, please try later');
      expect(JSON.stringify(res)).not.toContain('ECONNREFUSED');
      expect(await paymentEvents(shop, (await latest(m.id)) as string)).toEqual(['created', 'failed']);
      expect((await balance(shop, m.id)).point).toBe(0);
    } finally {
      shop.ctx.gateway = sandbox;
    }
    await expectLedgerClean(shop);
  });

  it('a member returning while the provider is down keeps the payment open instead of failing it', async () => {
    const m = await buildMember(shop);
    const res = await buy(m.client, { point_price_id: course[500], pay_id: 3 });
    shop.ctx.gateway = {
      ...sandbox,
      retrieve: async () => {
        throw new Error('timeout');
      },
    };
    try {
      const end = await m.client.get(`/user/point/end?payment_id=${res.payment_id}`);
      expect(end).toMatchObject({ state: 200, result: '0', status: 'pending' });
    } finally {
      shop.ctx.gateway = sandbox;
    }
  });
});

async function latest(memberId: number) {
  const { rows } = await shop.ctx.db.pool.query(
    'SELECT public_id FROM payments WHERE member_id = $1 ORDER BY id DESC',
    [memberId],
  );
  return rows[0]?.public_id as string | undefined;
}
