import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCoinCourses } from '../../src/seed/coin-courses.ts';
import { checkPurchase } from '../../src/services/packs/purchase.ts';
import { insertTestMember, ledgerViolations } from '../factories.ts';
import { buildPack, drawDirect } from '../packs/pack-fixtures.ts';
import { payByCard } from '../payments/service-payments.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';

/**
 * Coins (ADR 0020) on the service tier (ADR 0038): a coin course credited, a coin pack paid in coins. The course
 * lists and the coin history as the member reads them are one API test in programme-routes.test.ts.
 */
let shop: ServiceShop;
let coinCourse: Record<number, number>;
beforeAll(async () => {
  shop = await startServiceShop();
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
const ledger = async (memberId: number) =>
  (
    await shop.ctx.db.pool.query(
      'SELECT currency, amount, reason, ref_type FROM ledger_entries WHERE member_id = $1 ORDER BY id',
      [memberId],
    )
  ).rows;

describe('coins', () => {
  it('buys a coin course with a card: coins credited and ledgered, yen count for the rank, no point row', async () => {
    const m = await insertTestMember(shop, { rank: 3 });
    const r = await payByCard(shop, m.id, coinCourse[3000]!);
    expect(r).toMatchObject({ result: '1', point: 3000 });
    expect(await balances(m.id)).toEqual({ point: 0, coin: 3000, totalBuy: 3000 });
    // One coin row for the purchase (the coin history shows it with its money), none in points.
    expect(await ledger(m.id)).toEqual([
      { currency: 'coin', amount: 3000, reason: 'coin_purchase', ref_type: 'payment' },
    ]);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('a coin pack is bought with coins (ledger row negative, linking to the purchase), never with points', async () => {
    const coinPack = await buildPack(shop, { paymentMethod: '2', point: 100 });
    const pointPack = await buildPack(shop, { point: 100 });
    const pointsOnly = await insertTestMember(shop, { paidPoints: 5_000 });
    await expect(checkPurchase(shop.ctx, pointsOnly.id, coinPack, 1)).rejects.toMatchObject({
      state: 400,
      reason: 'insufficient_coins',
    });
    const coinsOnly = await insertTestMember(shop, { coins: 1_000 });
    await expect(checkPurchase(shop.ctx, coinsOnly.id, pointPack, 1)).rejects.toMatchObject({
      reason: 'insufficient_points',
    });
    expect(await balances(coinsOnly.id)).toMatchObject({ coin: 1_000, point: 0 });
    const bought = await drawDirect(shop.ctx, coinsOnly.id, coinPack, 1);
    expect(bought.pack.payment_method).toBe('2');
    expect(await balances(coinsOnly.id)).toMatchObject({ coin: 900, point: 0 });
    const { rows } = await shop.ctx.db.pool.query(
      "SELECT amount, ref_type, ref_id FROM ledger_entries WHERE member_id = $1 AND currency = 'coin' ORDER BY id DESC LIMIT 1",
      [coinsOnly.id],
    );
    expect(rows).toEqual([{ amount: -100, ref_type: 'purchase', ref_id: bought.purchaseId }]);
    expect(await ledgerViolations(shop)).toEqual([]);
  });
});
