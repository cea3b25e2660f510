import { describe, expect, it } from 'vitest';
import type { DrawnCard, PackHistoryDetail, PackHistoryRow } from '@oripa/core';
import { buildMember, ledgerViolations, type TestMember } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { buildPack, drawVia, smallLineup } from './pack-fixtures.ts';

const t = useTestShop();

const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const points = async (id: number) =>
  Number((await q('SELECT point_balance FROM members WHERE id = $1', [id])).rows[0].point_balance);

async function draw(m: TestMember, count: number, packId?: number): Promise<DrawnCard[]> {
  const id = packId ?? (await buildPack(t.shop));
  const { buy } = await drawVia(m.client, id, count);
  expect(buy?.state).toBe(200);
  return buy!.cards as DrawnCard[];
}
const ids = (cards: DrawnCard[]) => cards.map((c) => c.history_id);
const statuses = async (cards: DrawnCard[]) =>
  (await q('SELECT status FROM purchase_cards WHERE id = ANY($1::bigint[]) ORDER BY id', [ids(cards)])).rows.map(
    (r) => r.status,
  );

describe('card decision', () => {
  it('ships the chosen cards with an address snapshot and converts the rest to free points, once', async () => {
    const m = await buildMember(t.shop, { paidPoints: 1_000, address: true });
    const cards = await draw(m, 4);
    const [ship, ...convert] = cards;
    const before = await points(m.id);
    const res = await m.client.post('/user/pack/decision', {
      send_card: [ship!.history_id],
      reduction_card: ids(convert),
    });
    const expected = convert.reduce((s, c) => s + c.buy_point, 0);
    expect(res).toMatchObject({ state: 200, result: '1', returned_point: expected });
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
    const again = await m.client.post('/user/pack/decision', { send_card: ids(cards), reduction_card: [] });
    expect(again).toMatchObject({ state: 204, result: '-1' });
    expect(await points(m.id)).toBe(before + expected);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it("answers 204 '0' when shipping without an address, changing nothing; after adding one it goes through", async () => {
    const m = await buildMember(t.shop, { paidPoints: 1_000 });
    const cards = await draw(m, 2);
    const res = await m.client.post('/user/pack/decision', { send_card: ids(cards), reduction_card: [] });
    expect(res).toMatchObject({ state: 204, result: '0' });
    expect(await statuses(cards)).toEqual(['pending', 'pending']);
    await q(
      "UPDATE members SET zipcode = '3300063', pref_id = 11, shiku = 'さいたま市', address = '高砂1-2-3', building = '' WHERE id = $1",
      [m.id],
    );
    const retry = await m.client.post('/user/pack/decision', { send_card: ids(cards), reduction_card: [] });
    expect(retry).toMatchObject({ state: 200, result: '1', returned_point: 0 });
    expect(await statuses(cards)).toEqual(['ship', 'ship']);
  });

  it('applies a double-submitted decision exactly once', async () => {
    const m = await buildMember(t.shop, { paidPoints: 1_000 });
    const cards = await draw(m, 5);
    const before = await points(m.id);
    const body = { send_card: [], reduction_card: ids(cards) };
    const replies = await Promise.all([1, 2, 3].map(() => m.client.post('/user/pack/decision', body)));
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

  it('refuses overlap, foreign cards, partial decisions, two purchases at once and converting a no_reduction card', async () => {
    const m = await buildMember(t.shop, { paidPoints: 5_000, address: true, lang: 'en' });
    const other = await buildMember(t.shop, { paidPoints: 5_000, address: true });
    const mine = await draw(m, 3);
    const second = await draw(m, 1);
    const theirs = await draw(other, 1);
    const before = await points(m.id);
    const attempts: [unknown, number, string][] = [
      [
        { send_card: [mine[0]!.history_id], reduction_card: [mine[0]!.history_id, mine[1]!.history_id] },
        400,
        'reduction_card',
      ],
      [{ send_card: [], reduction_card: [...ids(mine), theirs[0]!.history_id] }, 400, 'send_card'],
      [{ send_card: [], reduction_card: ids(theirs) }, 400, 'send_card'],
      [{ send_card: [], reduction_card: [mine[0]!.history_id] }, 400, 'send_card'],
      [{ send_card: [], reduction_card: [...ids(mine), ...ids(second)] }, 400, 'send_card'],
      [{ send_card: [], reduction_card: [999999999] }, 400, 'send_card'],
      [{ send_card: [], reduction_card: [] }, 400, 'send_card'],
      [{ send_card: 'all', reduction_card: [] }, 400, 'send_card'],
      [{ send_card: ['1 OR 1=1'], reduction_card: [] }, 400, 'send_card'],
    ];
    for (const [body, state, field] of attempts) {
      const res = await m.client.post('/user/pack/decision', body);
      expect(res.state, JSON.stringify(body)).toBe(state);
      expect(Object.keys(res.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    expect(await statuses([...mine, ...second])).toEqual(['pending', 'pending', 'pending', 'pending']);
    expect(await statuses(theirs)).toEqual(['pending']);
    expect(await points(m.id)).toBe(before);

    const locked = await buildPack(t.shop, {
      cards: smallLineup(14, { noReduction: true }).map((c) => ({ ...c, noReduction: true })),
    });
    const must = await draw(m, 2, locked);
    const bad = await m.client.post('/user/pack/decision', { send_card: [], reduction_card: ids(must) });
    expect(bad).toMatchObject({ state: 400, reason: 'no_reduction' });
    expect(bad.errors?.reduction_card?.[0]).toBe('Some of these cards cannot be converted to points');
    expect(await statuses(must)).toEqual(['pending', 'pending']);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('needs login', async () => {
    expect((await t.shop.client().post('/user/pack/decision', { send_card: [1], reduction_card: [] })).state).toBe(401);
  });
});

describe('purchase history', () => {
  it('lists own purchases with filter and pager, and shows a decided purchase in detail', async () => {
    const m = await buildMember(t.shop, { paidPoints: 10_000, address: true });
    const decided = await draw(m, 3);
    await draw(m, 2);
    await m.client.post('/user/pack/decision', {
      send_card: [decided[0]!.history_id],
      reduction_card: ids(decided.slice(1)),
    });
    await q("UPDATE shipments SET status = 'shipped', delivery_code = 'KR-12345' WHERE member_id = $1", [m.id]);

    const all = await m.client.get('/user/history/list');
    const rows = all.list as PackHistoryRow[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ status: '0', send_state: '選択待ち', point: 200, pack_name: 'テストパック' });
    const converted = decided.slice(1).reduce((s, c) => s + c.buy_point, 0);
    expect(rows[1]).toMatchObject({
      status: '1',
      send_state: '発送済み',
      delivery_code: 'KR-12345',
      send_card: 1,
      reduction_card: 2,
      reduction_point: converted,
    });
    expect(all.page).toMatchObject({ page: 1, all_page: 1 });
    const onlyDecided = await m.client.post('/user/history/list', { mode: '1' });
    expect((onlyDecided.list as PackHistoryRow[]).map((r) => r.id)).toEqual([rows[1]!.id]);
    const pending = await m.client.get('/user/history/list/1?mode=2');
    expect((pending.list as PackHistoryRow[]).map((r) => r.id)).toEqual([rows[0]!.id]);
    expect((await m.client.post('/user/history/list', { mode: '9' })).state).toBe(400);

    const detail = (await m.client.get(`/user/history/detail/${rows[1]!.id}`)).detail as PackHistoryDetail;
    expect(detail.shipped_cards.map((c) => c.history_id)).toEqual([decided[0]!.history_id]);
    expect(detail.converted_cards.map((c) => c.history_id)).toEqual(ids(decided.slice(1)));

    const other = await buildMember(t.shop);
    expect((await other.client.get(`/user/history/detail/${rows[1]!.id}`)).state).toBe(404);
    expect((await other.client.get('/user/history/list')).list).toEqual([]);
    expect((await m.client.get('/user/history/detail/abc')).state).toBe(404);
    expect((await t.shop.client().get('/user/history/list')).state).toBe(401);
  });
});
