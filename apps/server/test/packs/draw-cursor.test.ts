import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_SQL, batchValues, STOCK_MOVED } from '../../src/db/queries/purchases.ts';
import { buyInBatch } from '../../src/services/packs/buy-batcher.ts';
import { drawnCount, insertTestMember, ledgerViolations } from '../factories.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';
import { buildPack, purchaseToken as token, smallLineup, waitingOnLocks as locksWaited } from './pack-fixtures.ts';

/** Rules of buy_pack_batch and the buy-batcher: the service tier, no HTTP (ADR 0038). */
let shop: ServiceShop;
beforeAll(async () => {
  shop = await startServiceShop();
});
afterAll(() => shop.close());

const q = (sql: string, params: unknown[] = []) => shop.ctx.db.pool.query(sql, params);
const waitingOnLocks = () => locksWaited(shop);

/**
 * Opens a transaction on its own connection that buys `count` tickets for `memberId` and keeps the pack's draw
 * cursor locked until `commit` is called: another batch of the pack meanwhile works from the stock it saw before.
 */
async function holdCursor(packId: number, memberId: number, count: number) {
  const client = await shop.ctx.db.pool.connect();
  await client.query('BEGIN');
  const { rows } = await client.query(
    BATCH_SQL,
    batchValues(packId, [{ memberId, count, unit: 100, token: token(), min: count }], shop.clock.now()),
  );
  expect(rows.every((r) => r.reason === null)).toBe(true);
  return {
    commit: async () => {
      await client.query('COMMIT');
      client.release();
    },
  };
}

describe('the draw cursor: a batch that counted on tickets another batch took meanwhile', () => {
  it('is rolled back whole with stock_moved, writing nothing', async () => {
    const packId = await buildPack(shop, { cards: smallLineup(4) }); // 10 tickets
    const [a, b] = await Promise.all([1, 2].map(() => insertTestMember(shop, { paidPoints: 1_000 })));
    const held = await holdCursor(packId, a!.id, 6);
    const other = await shop.ctx.db.pool.connect();
    try {
      // b saw 10 left, bought and paid inside its statement, then waits for the cursor; a commits 6 of the 10.
      // Settled at once: its refusal can arrive while the commit below is still being awaited, and a rejection
      // with no handler yet is reported by Node as unhandled.
      const attempt = other
        .query(
          BATCH_SQL,
          batchValues(packId, [{ memberId: b!.id, count: 6, unit: 100, token: token(), min: 6 }], shop.clock.now()),
        )
        .then(
          () => null,
          (error: unknown) => error,
        );
      await expect.poll(waitingOnLocks, { timeout: 5_000 }).toBeGreaterThan(0);
      await held.commit();
      expect(await attempt).toMatchObject({ code: STOCK_MOVED });
    } finally {
      other.release();
    }
    expect(await drawnCount(shop, packId)).toBe(6);
    const bRows = await q('SELECT count(*)::int AS n FROM purchases WHERE member_id = $1', [b!.id]);
    expect(bRows.rows[0].n).toBe(0);
    expect((await q('SELECT point_balance FROM members WHERE id = $1', [b!.id])).rows[0].point_balance).toBe(1_000);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('waits for the cursor and then takes the next tickets, counting their ranks from where the cursor really is', async () => {
    // 20 tickets in a fixed order where tickets 1-3 (C C S) and 7-9 (C C A) differ in rank, so a split counted
    // from the cursor b's snapshot saw would not match the cards.
    const packId = await buildPack(shop, { cards: smallLineup(14), seedHex: '02'.repeat(32) });
    const ranks = async (from: number, to: number) =>
      (
        await q(
          `SELECT c.rank FROM tickets t JOIN pack_cards c ON c.id = t.pack_card_id
           WHERE t.pack_id = $1 AND t.ticket_no BETWEEN $2 AND $3 ORDER BY c.rank`,
          [packId, from, to],
        )
      ).rows.map((r) => r.rank as string);
    expect(await ranks(1, 3)).not.toEqual(await ranks(7, 9));
    const [a, b] = await Promise.all([1, 2].map(() => insertTestMember(shop, { paidPoints: 1_000 })));
    const held = await holdCursor(packId, a!.id, 6);
    // b's batch saw the cursor at 0; it waits on a's lock, then moves the cursor from 6 (PostgreSQL re-reads the
    // row a committed), so its tickets are 7-9 and the per-rank counters count tickets 7-9, not 1-3.
    const attempt = shop.ctx.db.pool.query(
      BATCH_SQL,
      batchValues(packId, [{ memberId: b!.id, count: 3, unit: 100, token: token(), min: 3 }], shop.clock.now()),
    );
    await expect.poll(waitingOnLocks, { timeout: 5_000 }).toBeGreaterThan(0);
    await held.commit();
    expect((await attempt).rows.map((r) => r.ticket_no)).toEqual([7, 8, 9]);
    expect(await drawnCount(shop, packId)).toBe(9);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('is sent again by the server, which then answers from the real stock: stock for a fixed count, the rest for all', async () => {
    const packId = await buildPack(shop, { cards: smallLineup(4) }); // 10 tickets
    const [a, fixed, all] = await Promise.all([1, 2, 3].map(() => insertTestMember(shop, { paidPoints: 1_000 })));
    const held = await holdCursor(packId, a!.id, 6);
    // One batch of two buyers: a fixed 3 and an 'all' of up to 4. Both fit the 10 this batch sees; after a's 6
    // only 4 are left, so the retry answers the fixed 3 and gives 'all' the last ticket.
    const outcomes = Promise.all([
      buyInBatch(shop.ctx, packId, { memberId: fixed!.id, count: 3, unit: 100, token: token(), min: 3 }),
      buyInBatch(shop.ctx, packId, { memberId: all!.id, count: 4, unit: 100, token: token(), min: 1 }),
    ]);
    await expect.poll(waitingOnLocks, { timeout: 5_000 }).toBeGreaterThan(0);
    await held.commit();
    const [f, l] = await outcomes;
    const tickets = (o: typeof f) => ('bought' in o ? o.bought.map((c) => c.ticket_no) : o.notBought);
    // The lone buyer goes out at once and the other waits for the next batch, or both share one batch: either
    // way the tickets follow a's 1-6 in order, nothing is oversold, and 'all' takes only what is left.
    expect([tickets(f), tickets(l)]).toEqual([[7, 8, 9], [10]]);
    expect(await drawnCount(shop, packId)).toBe(10);
    expect((await q('SELECT point_balance FROM members WHERE id = $1', [all!.id])).rows[0].point_balance).toBe(900);
    expect(await ledgerViolations(shop)).toEqual([]);
  });
});

describe('plans of the purchase path', () => {
  // The purchase statements are planned once per connection. A plan made while the tables were small used to scan
  // (and hash) whole tables on every later batch; now every lookup must be an index probe at any table size.
  it('never scan a table sequentially, even while the tables are tiny', async () => {
    const packId = await buildPack(shop, { cards: smallLineup(200) });
    const members = await Promise.all(Array.from({ length: 8 }, () => insertTestMember(shop, { paidPoints: 10_000 })));
    const tables = ['members', 'point_lots', 'purchases', 'purchase_cards', 'tickets', 'pack_cards', 'pack_stock'];
    // A connection of its own, and one transaction: pg_stat_xact_user_tables then holds exactly what these batches
    // did (it shows a backend's counts not yet flushed, so a pooled connection would bring earlier tests' reads).
    const client = new pg.Client({ connectionString: shop.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      for (let round = 0; round < 8; round++) {
        const buyers = members.map((m) => ({ memberId: m.id, count: 2, unit: 100, token: token(), min: 2 }));
        const { rows } = await client.query(BATCH_SQL, batchValues(packId, buyers, shop.clock.now()));
        expect(rows.filter((r) => r.reason !== null)).toEqual([]);
      }
      const { rows } = await client.query(
        'SELECT relname, seq_scan::int AS seq, idx_scan::int AS idx FROM pg_stat_xact_user_tables WHERE relname = ANY($1)',
        [tables],
      );
      await client.query('COMMIT');
      expect(rows.filter((r) => r.seq > 0)).toEqual([]);
      // And the batches did look things up (the view is not simply empty).
      expect(rows.find((r) => r.relname === 'purchases')?.idx).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
    expect(await drawnCount(shop, packId)).toBe(8 * 8 * 2);
  });
});
