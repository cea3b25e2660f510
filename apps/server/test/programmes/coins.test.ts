import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCoinCourses } from '../../src/seed/coin-courses.ts';
import { buildMember, ledgerViolations } from '../factories.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import { buy, cardToken, startPaymentShop } from '../payments/helpers.ts';
import type { TestShop } from '../test-shop.ts';

let shop: TestShop;
let coinCourse: Record<number, number>;
beforeAll(async () => {
  ({ shop } = await startPaymentShop());
  await seedCoinCourses(shop.ctx);
  const { rows } = await shop.ctx.db.pool.query("SELECT id, point FROM point_courses WHERE currency = 'coin'");
  coinCourse = Object.fromEntries(rows.map((r) => [Number(r.point), Number(r.id)]));
});
afterAll(() => shop.close());

async function balances(memberId: number) {
  const { rows } = await shop.ctx.db.pool.query(
    'SELECT point_balance, coin_balance, total_buy FROM members WHERE id = $1',
    [memberId],
  );
  return {
    point: Number(rows[0].point_balance),
    coin: Number(rows[0].coin_balance),
    totalBuy: Number(rows[0].total_buy),
  };
}

describe('coins', () => {
  it('lists coin courses apart from point courses, without rank bonus', async () => {
    const m = await buildMember(shop, { rank: 4 });
    const coins = await m.client.get('/user/coin_price');
    expect(coins.list).toHaveLength(4);
    for (const c of coins.list as { currency: string; append_point: number }[]) {
      expect(c).toMatchObject({ currency: 'coin', append_point: 0, discount: 1 });
    }
    const points = await m.client.get('/user/point_price');
    expect((points.list as { currency: string }[]).every((c) => c.currency === 'point')).toBe(true);
    expect(points.is_discount).toBe('1');
  });

  it('buys a coin course with a card: coins credited and ledgered, yen count for the rank, history with money', async () => {
    const m = await buildMember(shop, { rank: 3 });
    const r = await buy(m.client, {
      point_price_id: coinCourse[3000],
      pay_id: 1,
      token: (await cardToken(shop)).token,
    });
    expect(r).toMatchObject({ state: 200, result: '1', point: 3000 });
    expect(await balances(m.id)).toEqual({ point: 0, coin: 3000, totalBuy: 3000 });
    const history = await m.client.get('/user/coin/list');
    expect(history.list).toEqual([
      expect.objectContaining({
        bonusCoin: 3000,
        money: 3000,
        history_id: 0,
        memo: expect.stringContaining('コイン購入'),
      }),
    ]);
    // No coin row in the point history.
    expect((await m.client.get('/user/point/list')).list).toEqual([]);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('a coin pack is bought with coins (history row negative, linking to the purchase), never with points', async () => {
    const coinPack = await buildPack(shop, { paymentMethod: '2', point: 100 });
    const pointPack = await buildPack(shop, { point: 100 });
    const pointsOnly = await buildMember(shop, { paidPoints: 5_000 });
    expect(await pointsOnly.client.post('/user/pack/check', { pack_id: coinPack, count: 1 })).toMatchObject({
      state: 400,
      reason: 'insufficient_coins',
    });
    const coinsOnly = await buildMember(shop, { coins: 1_000 });
    expect(await coinsOnly.client.post('/user/pack/check', { pack_id: pointPack, count: 1 })).toMatchObject({
      reason: 'insufficient_points',
    });
    expect(await balances(coinsOnly.id)).toMatchObject({ coin: 1_000, point: 0 });
    const { buy: bought } = await drawVia(coinsOnly.client, coinPack, 1);
    expect(bought).toMatchObject({ state: 200, is_buy_coin: '1' });
    expect(await balances(coinsOnly.id)).toMatchObject({ coin: 900, point: 0 });
    const [row] = (await coinsOnly.client.get('/user/coin/list')).list as { bonusCoin: number; history_id: number }[];
    expect(row!.bonusCoin).toBe(-100);
    expect(row!.history_id).toBeGreaterThan(0);
    expect(await ledgerViolations(shop)).toEqual([]);
  });
});
