import type { DrawnCard } from '@oripa/core';
import { expect } from 'vitest';
import { buildMember, type TestMember } from '../factories.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import type { TestShop } from '../test-shop.ts';

/** A member with an address who drew `count` cards and chose to ship them all; answers the shipment's id. */
export async function shippedDraw(
  shop: TestShop,
  count = 2,
  member?: TestMember,
  packId?: number,
): Promise<{ member: TestMember; shipmentId: number; cards: DrawnCard[]; purchaseId: number }> {
  const m = member ?? (await buildMember(shop, { paidPoints: 5_000, address: true }));
  const { buy } = await drawVia(m.client, packId ?? (await buildPack(shop)), count);
  expect(buy?.state).toBe(200);
  const cards = buy!.cards as DrawnCard[];
  const res = await m.client.post('/user/pack/decision', {
    send_card: cards.map((c) => c.history_id),
    reduction_card: [],
  });
  expect(res.state).toBe(200);
  const { rows } = await shop.ctx.db.pool.query('SELECT shipment_id, purchase_id FROM purchase_cards WHERE id = $1', [
    cards[0]!.history_id,
  ]);
  return { member: m, shipmentId: Number(rows[0].shipment_id), cards, purchaseId: Number(rows[0].purchase_id) };
}
