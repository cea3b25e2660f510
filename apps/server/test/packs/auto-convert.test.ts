import { describe, expect, it } from 'vitest';
import type { DrawnRow } from '../../src/db/queries/purchase-cards.ts';
import { autoConvertBatch, autoConvertJob } from '../../src/jobs/auto-convert.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { decide } from '../../src/services/packs/decision.ts';
import { loadPurchaseView } from '../../src/services/packs/purchase-results.ts';
import { insertTestMember, ledgerViolations } from '../factories.ts';
import { useServiceShop } from '../service-shop.ts';
import { buildPack, drawCards, smallLineup } from './pack-fixtures.ts';

/** The 24-hour job's rules on the service tier (ADR 0038); the decision route's shape is in buy.test.ts. */
const t = useServiceShop();

const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const HOUR = 3600_000;

describe('24-hour auto-conversion', () => {
  it('converts every undecided card exactly once with two runners racing, and never before 24 hours', async () => {
    // Lots of small purchases, so batches of both runners interleave.
    const packId = await buildPack(t.shop, { cards: smallLineup(500) });
    const members = await Promise.all([1, 2, 3].map(() => insertTestMember(t.shop, { paidPoints: 100_000 })));
    const drawn: DrawnRow[] = [];
    for (const m of members) {
      for (let i = 0; i < 5; i++) drawn.push(...(await drawCards(t.shop.ctx, m.id, packId, 30)));
    }
    const expectedByMember = new Map<number, number>();
    const owner = await q('SELECT id, member_id FROM purchase_cards WHERE pack_id = $1', [packId]);
    const memberOf = new Map(owner.rows.map((r) => [Number(r.id), Number(r.member_id)]));
    for (const c of drawn) {
      const mid = memberOf.get(c.history_id)!;
      expectedByMember.set(mid, (expectedByMember.get(mid) ?? 0) + c.buy_point);
    }
    const before = new Map(
      (await q('SELECT id, point_balance FROM members')).rows.map((r) => [Number(r.id), Number(r.point_balance)]),
    );

    t.shop.clock.advance(23 * HOUR);
    expect(await runJobUntilIdle(t.shop.ctx, autoConvertJob)).toBe(0);
    t.shop.clock.advance(1 * HOUR + 1000);
    const [a, b] = await Promise.all([
      runJobUntilIdle(t.shop.ctx, autoConvertJob),
      runJobUntilIdle(t.shop.ctx, autoConvertJob),
    ]);
    expect(a + b).toBe(drawn.length);
    expect(await autoConvertBatch(t.shop.ctx)).toBe(0);

    const st = await q('SELECT status, count(*)::int AS n FROM purchase_cards WHERE pack_id = $1 GROUP BY status', [
      packId,
    ]);
    expect(st.rows).toEqual([{ status: 'convert', n: drawn.length }]);
    for (const m of members) {
      const now = Number((await q('SELECT point_balance FROM members WHERE id = $1', [m.id])).rows[0].point_balance);
      expect(now - before.get(m.id)!).toBe(expectedByMember.get(m.id));
    }
    expect(await ledgerViolations(t.shop)).toEqual([]);
    // A late decision finds nothing to decide.
    const late = await decide(
      t.shop.ctx,
      members[0]!.id,
      [],
      drawn
        .filter((c) => memberOf.get(c.history_id) === members[0]!.id)
        .slice(0, 30)
        .map((c) => c.history_id),
    );
    expect(late).toEqual({ result: '-1' });
    t.shop.clock.advance(-24 * HOUR - 1000);
  });

  it('ships no_reduction cards to the address, or holds them pending when there is none', async () => {
    const packId = await buildPack(t.shop, {
      cards: smallLineup(10).map((c) => ({ ...c, noReduction: c.rank === 'C' || c.rank === 'B' })),
    });
    const withAddress = await insertTestMember(t.shop, { paidPoints: 10_000, address: true });
    const without = await insertTestMember(t.shop, { paidPoints: 10_000 });
    const a = await drawCards(t.shop.ctx, withAddress.id, packId, 8);
    const b = await drawCards(t.shop.ctx, without.id, packId, 8);
    t.shop.clock.advance(24 * HOUR + 1000);
    await runJobUntilIdle(t.shop.ctx, autoConvertJob);
    const status = async (cards: DrawnRow[]) =>
      (
        await q('SELECT id, status, auto_held_at FROM purchase_cards WHERE id = ANY($1::bigint[])', [
          cards.map((c) => c.history_id),
        ])
      ).rows;
    for (const r of await status(a)) {
      const card = a.find((c) => c.history_id === Number(r.id))!;
      expect(r.status).toBe(card.no_reduction ? 'ship' : 'convert');
    }
    const held = (await status(b)).filter((r) => r.status === 'pending');
    expect(held.length).toBe(b.filter((c) => c.no_reduction).length);
    expect(held.every((r) => r.auto_held_at !== null)).toBe(true);
    // Held cards are not picked up again, and the member can still ship them: they are the cards to decide.
    expect(await autoConvertBatch(t.shop.ctx)).toBe(0);
    const shown = (await loadPurchaseView(t.shop.ctx, without.id, null))!;
    expect(shown.cards.map((c) => c.history_id).sort()).toEqual(held.map((r) => Number(r.id)).sort());
    await q("UPDATE members SET zipcode = '1000001', pref_id = 13, shiku = '千代田区', address = '1-1' WHERE id = $1", [
      without.id,
    ]);
    const res = await decide(
      t.shop.ctx,
      without.id,
      held.map((r) => Number(r.id)),
      [],
    );
    expect(res).toMatchObject({ result: '1' });
    expect((await q('SELECT count(*)::int AS n FROM shipments WHERE member_id = $1', [withAddress.id])).rows[0].n).toBe(
      1,
    );
    expect(await ledgerViolations(t.shop)).toEqual([]);
    t.shop.clock.advance(-24 * HOUR - 1000);
  });
});
