import { describe, expect, it } from 'vitest';
import type { DrawnRow } from '../../src/db/queries/purchase-cards.ts';
import { decide } from '../../src/services/packs/decision.ts';
import { insertTestMember, ledgerViolations, type StoredMember } from '../factories.ts';
import { useServiceShop } from '../service-shop.ts';
import { buildPack, drawCards, smallLineup } from './pack-fixtures.ts';

/**
 * The ship-or-convert decision's rules (services/packs/decision.ts) on the service tier (ADR 0038). The route's
 * shape (200, 204 '0' and '-1', the field errors in English, 401) and the purchase history are API tests in
 * buy.test.ts.
 */
const t = useServiceShop();

const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const points = async (id: number) =>
  Number((await q('SELECT point_balance FROM members WHERE id = $1', [id])).rows[0].point_balance);

async function draw(m: StoredMember, count: number, packId?: number): Promise<DrawnRow[]> {
  const id = packId ?? (await buildPack(t.shop));
  return drawCards(t.shop.ctx, m.id, id, count);
}
const ids = (cards: DrawnRow[]) => cards.map((c) => c.history_id);
const statuses = async (cards: DrawnRow[]) =>
  (await q('SELECT status FROM purchase_cards WHERE id = ANY($1::bigint[]) ORDER BY id', [ids(cards)])).rows.map(
    (r) => r.status,
  );
const decideFor = (m: StoredMember, send: number[], reduction: number[]) => decide(t.shop.ctx, m.id, send, reduction);

describe('card decision', () => {
  it('ships the chosen cards with an address snapshot and converts the rest to free points, once', async () => {
    const m = await insertTestMember(t.shop, { paidPoints: 1_000, address: true });
    const cards = await draw(m, 4);
    const [ship, ...convert] = cards;
    const before = await points(m.id);
    const res = await decideFor(m, [ship!.history_id], ids(convert));
    const expected = convert.reduce((s, c) => s + c.buy_point, 0);
    expect(res).toMatchObject({ result: '1', returnedPoint: expected });
    expect(await points(m.id)).toBe(before + expected);
    expect(await statuses(cards)).toEqual(['ship', 'convert', 'convert', 'convert']);
    const shipments = await q('SELECT address, status FROM shipments WHERE member_id = $1', [m.id]);
    expect(shipments.rows).toHaveLength(1);
    expect(shipments.rows[0].address).toMatchObject({ zipcode: '1000001', pref_id: 13, shiku: '千代田区' });
    const grants = await q(
      "SELECT l.amount, p.kind FROM ledger_entries l JOIN point_lot_moves mv ON mv.ledger_id = l.id JOIN point_lots p ON p.id = mv.lot_id WHERE l.member_id = $1 AND l.reason = 'card_conversion'",
      [m.id],
    );
    expect(grants.rows).toEqual([{ amount: expected, kind: 'free' }]);
    // Irreversible: the same decision again, or a different one, is '-1' and changes nothing.
    expect(await decideFor(m, ids(cards), [])).toEqual({ result: '-1' });
    expect(await points(m.id)).toBe(before + expected);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it("answers '0' when shipping without an address, changing nothing; after adding one it goes through", async () => {
    const m = await insertTestMember(t.shop, { paidPoints: 1_000 });
    const cards = await draw(m, 2);
    expect(await decideFor(m, ids(cards), [])).toEqual({ result: '0' });
    expect(await statuses(cards)).toEqual(['pending', 'pending']);
    await q(
      "UPDATE members SET zipcode = '3300063', pref_id = 11, shiku = 'さいたま市', address = '高砂1-2-3', building = '' WHERE id = $1",
      [m.id],
    );
    expect(await decideFor(m, ids(cards), [])).toMatchObject({ result: '1', returnedPoint: 0 });
    expect(await statuses(cards)).toEqual(['ship', 'ship']);
  });

  it('applies a double-submitted decision exactly once', async () => {
    const m = await insertTestMember(t.shop, { paidPoints: 1_000 });
    const cards = await draw(m, 5);
    const before = await points(m.id);
    const replies = await Promise.all([1, 2, 3].map(() => decideFor(m, [], ids(cards))));
    expect(replies.map((r) => r.result).sort()).toEqual(['-1', '-1', '1']);
    const total = cards.reduce((s, c) => s + c.buy_point, 0);
    expect(await points(m.id)).toBe(before + total);
    const rows = await q(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE member_id = $1 AND reason = 'card_conversion'",
      [m.id],
    );
    expect(rows.rows[0].n).toBe(1);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('refuses foreign cards, partial decisions, two purchases at once and converting a no_reduction card', async () => {
    // Overlapping, empty and malformed lists are refused by the route's schema: buy.test.ts.
    const m = await insertTestMember(t.shop, { paidPoints: 5_000, address: true, lang: 'en' });
    const other = await insertTestMember(t.shop, { paidPoints: 5_000, address: true });
    const mine = await draw(m, 3);
    const second = await draw(m, 1);
    const theirs = await draw(other, 1);
    const before = await points(m.id);
    const attempts: [number[], number, string][] = [
      [[...ids(mine), theirs[0]!.history_id], 400, 'send_card'],
      [ids(theirs), 400, 'send_card'],
      [[mine[0]!.history_id], 400, 'send_card'],
      [[...ids(mine), ...ids(second)], 400, 'send_card'],
      [[999999999], 400, 'send_card'],
    ];
    for (const [reduction, state, field] of attempts) {
      const refusal = await decideFor(m, [], reduction).then(
        () => null,
        (e: unknown) => e as { state: number; fields: Record<string, string[]> },
      );
      expect(refusal?.state, JSON.stringify(reduction)).toBe(state);
      expect(Object.keys(refusal?.fields ?? {}), JSON.stringify(reduction)).toContain(field);
    }
    expect(await statuses([...mine, ...second])).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(await statuses(theirs)).toEqual(['pending']);
    expect(await points(m.id)).toBe(before);

    const locked = await buildPack(t.shop, {
      cards: smallLineup(14, { noReduction: true }).map((c) => ({ ...c, noReduction: true })),
    });
    const must = await draw(m, 2, locked);
    await expect(decideFor(m, [], ids(must))).rejects.toMatchObject({
      state: 400,
      reason: 'no_reduction',
      fields: { reduction_card: ['decisionNoReduction'] },
    });
    expect(await statuses(must)).toEqual(['pending', 'pending']);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});
