import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateAddress } from '../../src/db/queries/members.ts';
import { DEMO_ADDRESS } from '../../src/seed/demo-member.ts';
import { databaseBefore, oldMember } from './before-migration.ts';

/**
 * Migration 0017's data move (ADR 0027): exchanged cards marked to ship and rank rewards shipping before the
 * migration had no parcel; they get one per member and address, with a first timeline event.
 */
describe('migration 0017: programme cards already marked to ship become shipment lines', () => {
  let db: Awaited<ReturnType<typeof databaseBefore>>;
  let q: typeof db.q;

  beforeAll(async () => {
    db = await databaseBefore('0017');
    q = db.q;
  });
  afterAll(() => db.close());

  it('opens one parcel per member and address for exchanges, and one for a shipping reward', async () => {
    const member = await oldMember(db.pool, 'move@example.test');
    await updateAddress(db.pool, member, DEMO_ADDRESS);
    const card = await q(
      `INSERT INTO exchange_cards (name, name_en, image_url, price, convert_point, stock_total, stock_left)
       VALUES ('移行カード', 'Moved', '/demo/x.svg', 1000, 500, 5, 2) RETURNING id`,
    );
    const cardId = card.rows[0].id;
    const home = { zipcode: '1000001', name: '移行 太郎' };
    const office = { zipcode: '5300001', name: '移行 太郎' };
    const order = (key: string, status: string, address: object | null) =>
      q(
        `INSERT INTO exchange_orders (member_id, exchange_card_id, price, request_key, status, address, created_at,
           decided_at) VALUES ($1, $2, 1000, $3, $4, $5, now(), now()) RETURNING id`,
        [member, cardId, key, status, address && JSON.stringify(address)],
      );
    await order('a', 'ship', home);
    await order('b', 'ship', home);
    await order('c', 'ship', office);
    await order('d', 'pending', null);
    await order('e', 'convert', null);
    const ev = await q(
      "INSERT INTO rank_events (member_id, kind, from_rank, to_rank) VALUES ($1, 'rank_up', 6, 7) RETURNING id",
      [member],
    );
    await q(
      `INSERT INTO rank_card_rewards (member_id, rank_event_id, card_key, status, point, decided_at)
       VALUES ($1, $2, '1', 'shipping', 200000, now())`, // the move reads the reward and the member only
      [member, ev.rows[0].id],
    );

    await db.migrateRest();

    const lines = await q('SELECT request_key, shipment_id FROM exchange_orders ORDER BY request_key');
    const by = Object.fromEntries(lines.rows.map((r) => [r.request_key, r.shipment_id]));
    expect(by.a).not.toBeNull();
    expect(by.b).toBe(by.a); // same member and address: one parcel
    expect(by.c).not.toBeNull();
    expect(by.c).not.toBe(by.a); // another address: another parcel
    expect([by.d, by.e]).toEqual([null, null]); // undecided and converted cards travel in nothing
    const reward = await q('SELECT shipment_id FROM rank_card_rewards');
    const rewardParcel = reward.rows[0].shipment_id;
    expect(rewardParcel).not.toBeNull();
    const parcels = await q(
      `SELECT s.id, s.purchase_id, s.status, s.address->>'zipcode' AS zipcode,
         (SELECT count(*)::int FROM shipment_events e WHERE e.shipment_id = s.id AND e.to_status = 'preparing') AS events
       FROM shipments s ORDER BY s.id`,
    );
    expect(parcels.rows).toHaveLength(3);
    for (const p of parcels.rows) expect(p).toMatchObject({ purchase_id: null, status: 'preparing', events: 1 });
    // The reward took the member's address as it stands.
    expect(parcels.rows.find((p) => p.id === rewardParcel)?.zipcode).toBe(DEMO_ADDRESS.zipcode);
  });
});
