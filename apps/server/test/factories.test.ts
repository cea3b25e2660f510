import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildMember, ledgerViolations } from './factories.ts';
import { startTestShop, type TestShop } from './test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

it('builds a member whose balances match the ledger', async () => {
  const m = await buildMember(shop, { paidPoints: 1000, freePoints: 200, coins: 50 });
  const { rows } = await shop.ctx.db.pool.query('SELECT point_balance, coin_balance FROM members WHERE id = $1', [
    m.id,
  ]);
  expect(rows[0]).toEqual({ point_balance: 1200, coin_balance: 50 });
  expect(await ledgerViolations(shop)).toEqual([]);
  await shop.ctx.db.pool.query('UPDATE members SET point_balance = point_balance + 1 WHERE id = $1', [m.id]);
  expect(await ledgerViolations(shop)).toHaveLength(1);
});
