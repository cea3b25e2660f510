import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, drawnCount, ledgerViolations } from '../factories.ts';
import { startTestShop, type TestInstance, type TestShop } from '../test-shop.ts';
import { buildPack, drawVia, smallLineup } from './pack-fixtures.ts';

let shop: TestShop;
let second: TestInstance;
beforeAll(async () => {
  shop = await startTestShop();
  second = await shop.startInstance();
});
afterAll(async () => {
  await second.close();
  await shop.close();
});

const q = (sql: string, params: unknown[] = []) => shop.ctx.db.pool.query(sql, params);
const PRICE = 120;

describe('a rush on a small pack', () => {
  it('never oversells, never draws a ticket twice, never double-spends, and fails cleanly with 409, on two instances', async () => {
    const packId = await buildPack(shop, { point: PRICE, cards: smallLineup(44) }); // 50 tickets
    const members = await Promise.all(Array.from({ length: 40 }, () => buildMember(shop, { paidPoints: 20_000 })));
    const counts: (number | 'all')[] = [1, 2, 3, 1, 'all'];
    // 40 members × 3 parallel buyers each = 120 concurrent check+buy flows asking for ~200 tickets; every other
    // member buys through a second server instance, so the two instances' batches race at the pack's draw cursor
    // in the database, as behind a load balancer (which one sells more is up to the race).
    const clientOf = (m: (typeof members)[number], i: number) => {
      if (i % 2 === 0) return m.client;
      const c = second.client();
      c.setCookie('sid', m.client.cookie('sid')!);
      return c;
    };
    const flows = members.flatMap((m, i) =>
      [0, 1, 2].map((k) => drawVia(clientOf(m, i), packId, counts[(i + k) % counts.length]!)),
    );
    const outcomes = await Promise.all(flows);

    const states = outcomes.map((o) => (o.buy ?? o.check).state);
    expect(
      states.every((s) => s === 200 || s === 409),
      JSON.stringify(states),
    ).toBe(true);
    const refusals = outcomes.filter((o) => (o.buy ?? o.check).state === 409).map((o) => (o.buy ?? o.check).reason);
    expect(refusals.every((r) => r === 'sold_out' || r === 'insufficient_stock')).toBe(true);
    const cardsReturned = outcomes.flatMap((o) => (o.buy?.state === 200 ? (o.buy.cards as { num: number }[]) : []));

    // Whatever the rush left (fewer tickets than a refused fixed count asked for), one 'all' takes.
    const sweeper = await buildMember(shop, { paidPoints: 10_000 });
    const sweep = await drawVia(sweeper.client, packId, 'all');
    if (sweep.buy) cardsReturned.push(...(sweep.buy.cards as { num: number }[]));

    const sold = (await q('SELECT COALESCE(sum(count), 0)::int AS n FROM purchases WHERE pack_id = $1', [packId]))
      .rows[0].n;
    const taken = await drawnCount(shop, packId);
    const drawnRows = await q('SELECT ticket_no FROM purchase_cards WHERE pack_id = $1', [packId]);
    expect(sold).toBe(50);
    expect(taken).toBe(50);
    expect(drawnRows.rows).toHaveLength(50);
    expect(new Set(drawnRows.rows.map((r) => r.ticket_no)).size).toBe(50);
    expect(cardsReturned).toHaveLength(50);
    expect(new Set(cardsReturned.map((c) => c.num)).size).toBe(50);
    // Each drawn card is the card its ticket holds, and the tickets drawn are exactly 1..50 (in sequence order).
    const mismatched = await q(
      `SELECT count(*)::int AS n FROM tickets t JOIN purchase_cards d ON d.pack_id = t.pack_id AND d.ticket_no = t.ticket_no
       WHERE t.pack_id = $1 AND t.pack_card_id <> d.pack_card_id`,
      [packId],
    );
    expect(mismatched.rows[0].n).toBe(0);
    expect(Math.max(...drawnRows.rows.map((r) => r.ticket_no as number))).toBe(50);

    const debited = (
      await q(
        "SELECT COALESCE(-sum(amount), 0)::int AS n FROM ledger_entries WHERE reason = 'pack_purchase' AND currency = 'point'",
      )
    ).rows[0].n;
    expect(debited).toBe(50 * PRICE);
    const perPurchase = await q(
      `SELECT b.id FROM purchases b LEFT JOIN ledger_entries l ON l.ref_type = 'purchase' AND l.ref_id = b.id
         AND l.reason = 'pack_purchase'
       WHERE b.pack_id = $1 GROUP BY b.id, b.price HAVING COALESCE(-sum(l.amount), 0) <> b.price`,
      [packId],
    );
    expect(perPurchase.rows).toEqual([]);
    expect(await ledgerViolations(shop)).toEqual([]);
    const after = await drawVia(sweeper.client, packId, 1);
    expect(after.check).toMatchObject({ state: 409, reason: 'sold_out' });
  });
});
