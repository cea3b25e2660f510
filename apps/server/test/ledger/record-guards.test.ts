import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestMember } from '../factories.ts';
import { buildPack, drawDirect } from '../packs/pack-fixtures.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';

/**
 * Migration 0006: the tables every purchase writes check their references once per statement instead of with
 * per-row foreign keys, and the rows they point at are records that can be neither deleted nor re-keyed. Rules of
 * the database, so the service tier: no HTTP (ADR 0038).
 */
let shop: ServiceShop;
let memberA: number;
let memberB: number;
let packId: number;
let purchase: { id: number; member_id: number; pack_id: number };
let card: { id: number; pack_card_id: number; ticket_no: number };
beforeAll(async () => {
  shop = await startServiceShop();
  const a = await insertTestMember(shop, { paidPoints: 1_000 });
  const b = await insertTestMember(shop, { paidPoints: 1_000 });
  memberA = a.id;
  memberB = b.id;
  packId = await buildPack(shop);
  expect((await drawDirect(shop.ctx, a.id, packId, 1)).replayed).toBe(false);
  purchase = (await q('SELECT id, member_id, pack_id FROM purchases WHERE member_id = $1', [memberA])).rows[0];
  card = (await q('SELECT id, pack_card_id, ticket_no FROM purchase_cards WHERE purchase_id = $1', [purchase.id]))
    .rows[0];
});
afterAll(() => shop.close());

const q = (sql: string, params: unknown[] = []) => shop.ctx.db.pool.query(sql, params);
const FK = { code: '23503' };
const RECORD = { code: '23001' };

describe('references are checked per statement', () => {
  it('refuses a ledger entry of an unknown member', async () => {
    await expect(
      q(
        "INSERT INTO ledger_entries (member_id, currency, amount, balance_after, reason) VALUES (987654, 'point', 1, 1, 'x')",
      ),
    ).rejects.toMatchObject(FK);
  });

  it('refuses a purchase of an unknown member or pack', async () => {
    const insert = (member: number, pack: number) =>
      q(
        `INSERT INTO purchases (member_id, pack_id, count, unit_price, price, currency, token)
         VALUES ($1, $2, 1, 100, 100, 'point', md5(random()::text))`,
        [member, pack],
      );
    await expect(insert(987654, packId)).rejects.toMatchObject(FK);
    await expect(insert(memberA, 987654)).rejects.toMatchObject(FK);
  });

  it("refuses a drawn card that is not its purchase's member, pack or card", async () => {
    const insert = (purchaseId: number, member: number, cardId: number) =>
      q(
        `INSERT INTO purchase_cards (purchase_id, pack_id, member_id, ticket_no, pack_card_id, created_at)
         VALUES ($1, $2, $3, 999, $4, now())`,
        [purchaseId, packId, member, cardId],
      );
    await expect(insert(987654, memberA, card.pack_card_id)).rejects.toMatchObject(FK);
    await expect(insert(purchase.id, memberB, card.pack_card_id)).rejects.toMatchObject(FK);
    const otherPack = await buildPack(shop);
    const foreignCard = (await q('SELECT id FROM pack_cards WHERE pack_id = $1 LIMIT 1', [otherPack])).rows[0].id;
    await expect(insert(purchase.id, memberA, foreignCard)).rejects.toMatchObject(FK);
  });

  it("refuses a lot move that takes from another member's lot", async () => {
    const entry = (await q('SELECT id FROM ledger_entries WHERE member_id = $1 ORDER BY id DESC LIMIT 1', [memberA]))
      .rows[0].id;
    const lotOfB = (await q('SELECT id FROM point_lots WHERE member_id = $1 LIMIT 1', [memberB])).rows[0].id;
    await expect(
      q('INSERT INTO point_lot_moves (ledger_id, lot_id, amount) VALUES ($1, $2, -1)', [entry, lotOfB]),
    ).rejects.toMatchObject(FK);
    await expect(
      q('INSERT INTO point_lot_moves (ledger_id, lot_id, amount) VALUES (987654, $1, -1)', [lotOfB]),
    ).rejects.toMatchObject(FK);
  });
});

describe('referenced rows are records', () => {
  it.each([
    ['members', 'DELETE FROM members WHERE id = $1', () => [memberA]],
    ['packs', 'DELETE FROM packs WHERE id = $1', () => [packId]],
    ['purchases', 'DELETE FROM purchases WHERE id = $1', () => [purchase.id]],
    ['purchase_cards', 'DELETE FROM purchase_cards WHERE id = $1', () => [card.id]],
    ['ledger_entries', 'DELETE FROM ledger_entries WHERE member_id = $1', () => [memberA]],
    ['point_lots', 'DELETE FROM point_lots WHERE member_id = $1', () => [memberA]],
    ['point_lot_moves', 'TRUNCATE point_lot_moves', () => []],
    ['members (re-key)', 'UPDATE members SET id = id + 1000000 WHERE id = $1', () => [memberA]],
    [
      'purchase_cards (another card)',
      'UPDATE purchase_cards SET pack_card_id = pack_card_id + 1 WHERE id = $1',
      () => [card.id],
    ],
    ['purchases (another member)', 'UPDATE purchases SET member_id = $2 WHERE id = $1', () => [purchase.id, memberB]],
    // What the console's daily figures count (ADR 0040): a row's time, amount and kind stay as written.
    [
      'members (joined)',
      "UPDATE members SET created_at = created_at - interval '1 day' WHERE id = $1",
      () => [memberA],
    ],
    ['ledger_entries (amount)', 'UPDATE ledger_entries SET amount = amount * 2 WHERE member_id = $1', () => [memberA]],
    [
      'ledger_entries (time)',
      "UPDATE ledger_entries SET created_at = created_at - interval '1 day' WHERE member_id = $1",
      () => [memberA],
    ],
    ['point_lots (kind)', "UPDATE point_lots SET kind = 'free' WHERE member_id = $1", () => [memberA]],
    ['point_lot_moves (amount)', 'UPDATE point_lot_moves SET amount = amount + 1', () => []],
    ['purchase_cards (drawn at)', 'UPDATE purchase_cards SET created_at = now() WHERE id = $1', () => [card.id]],
  ])('refuses to change %s', async (_name, sql, params) => {
    await expect(q(sql, params())).rejects.toMatchObject(RECORD);
  });

  it('still lets the shop update what it does update (balances, lots, card decisions)', async () => {
    await q("UPDATE purchase_cards SET status = 'convert', decided_at = now() WHERE id = $1", [card.id]);
    await q('UPDATE members SET point_balance = point_balance WHERE id = $1', [memberA]);
    await q('UPDATE point_lots SET remaining = remaining WHERE member_id = $1', [memberA]);
    const left = await q('SELECT count(*)::int AS n FROM purchases WHERE id = $1', [purchase.id]);
    expect(left.rows[0].n).toBe(1);
  });
});
