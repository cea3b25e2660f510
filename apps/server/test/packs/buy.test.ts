import { describe, expect, it } from 'vitest';
import type {
  DrawnCard,
  PackCheckReply,
  PackDetail,
  PackFairnessReply,
  PackHistoryDetail,
  PackHistoryRow,
  PurchaseResult,
} from '@oripa/core';
import type { Envelope } from '../api-client.ts';
import { buildMember, drawnCount, ledgerViolations, undrawnTickets, type TestMember } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { buildPack, drawVia, lastOnePrizeCard, smallLineup } from './pack-fixtures.ts';

const t = useTestShop();

const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const balance = async (id: number) =>
  (await q('SELECT point_balance, coin_balance FROM members WHERE id = $1', [id])).rows[0] as {
    point_balance: number;
    coin_balance: number;
  };
async function expectNoChange(memberId: number, packId: number, fn: () => Promise<unknown>) {
  const [b, n] = [await balance(memberId), await drawnCount(t.shop, packId)];
  await fn();
  expect(await balance(memberId)).toEqual(b);
  expect(await drawnCount(t.shop, packId)).toBe(n);
  expect(await ledgerViolations(t.shop)).toEqual([]);
}

describe('check and buy', () => {
  it('buys a 10-draw: tickets in sequence order, points debited free lots first, one ledger row', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 5_000, freePoints: 300 });
    const check = await m.client.post('/user/pack/check', { pack_id: packId, count: 10 });
    expect(check.state).toBe(200);
    expect(check).toMatchObject({ count: 10, point: 1_000, payment_method: '1' } satisfies Partial<PackCheckReply>);
    const buy = await m.client.post('/user/pack/buy', { token: check.token });
    expect(buy.state).toBe(200);
    const result = buy as unknown as PurchaseResult;
    expect(result.cards).toHaveLength(10);
    expect(result.cards.map((c) => c.num)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.cards.every((c) => c.status === 'pending')).toBe(true);
    expect(result).toMatchObject({ result: '1', pack_id: packId, title: 'テストパック', is_buy_coin: '0' });
    // The drawn cards are the sequence's cards for tickets 1..10.
    const { rows } = await q('SELECT ticket_no, pack_card_id FROM tickets WHERE pack_id = $1 AND ticket_no <= 10', [
      packId,
    ]);
    const byTicket = new Map(rows.map((r) => [r.ticket_no, Number(r.pack_card_id)]));
    const lineup = await q('SELECT id, name FROM pack_cards WHERE pack_id = $1', [packId]);
    const nameOf = new Map(lineup.rows.map((r) => [Number(r.id), r.name]));
    for (const c of result.cards) expect(c.name).toBe(nameOf.get(byTicket.get(c.num)!));

    expect((await balance(m.id)).point_balance).toBe(4_300);
    const lots = await q('SELECT kind, remaining FROM point_lots WHERE member_id = $1 ORDER BY kind', [m.id]);
    expect(lots.rows).toEqual([
      { kind: 'free', remaining: 0 },
      { kind: 'paid', remaining: 4_300 },
    ]);
    const ledger = await q("SELECT amount FROM ledger_entries WHERE member_id = $1 AND reason = 'pack_purchase'", [
      m.id,
    ]);
    expect(ledger.rows).toEqual([{ amount: -1_000 }]);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('returns the first result for a replayed token and never buys twice, even when sent in parallel', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 5_000 });
    const check = await m.client.post('/user/pack/check', { pack_id: packId, count: 3 });
    const replies = await Promise.all([1, 2, 3, 4].map(() => m.client.post('/user/pack/buy', { token: check.token })));
    expect(replies.map((r) => r.state)).toEqual([200, 200, 200, 200]);
    const ids = new Set(replies.map((r) => r.purchase_id));
    expect(ids.size).toBe(1);
    expect(replies.every((r) => (r.cards as unknown[]).length === 3)).toBe(true);
    expect((await balance(m.id)).point_balance).toBe(4_700);
    expect(await drawnCount(t.shop, packId)).toBe(3);
    // Still the first result after the token expired.
    t.shop.clock.advance(3600_000);
    const late = await m.client.post('/user/pack/buy', { token: check.token });
    expect(late.purchase_id).toBe(replies[0]!.purchase_id);
    t.shop.clock.advance(-3600_000);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it("refuses another member's token with 404 and changes nothing", async () => {
    const packId = await buildPack(t.shop);
    const a = await buildMember(t.shop, { paidPoints: 5_000 });
    const b = await buildMember(t.shop, { paidPoints: 5_000 });
    const check = await a.client.post('/user/pack/check', { pack_id: packId, count: 1 });
    await expectNoChange(a.id, packId, async () => {
      const res = await b.client.post('/user/pack/buy', { token: check.token });
      expect(res.state).toBe(404);
    });
    expect((await balance(b.id)).point_balance).toBe(5_000);
  });

  it('refuses forged, expired and malformed tokens', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 5_000 });
    const check = await m.client.post('/user/pack/check', { pack_id: packId, count: 1 });
    const token = check.token as string;
    await expectNoChange(m.id, packId, async () => {
      const forged = `${token.slice(0, -2)}xx`;
      expect((await m.client.post('/user/pack/buy', { token: forged })).reason).toBe('token_invalid');
      expect((await m.client.post('/user/pack/buy', { token: 12345 })).state).toBe(400);
      expect((await m.client.post('/user/pack/buy', {})).state).toBe(400);
      t.shop.clock.advance(11 * 60_000);
      const expired = await m.client.post('/user/pack/buy', { token });
      t.shop.clock.advance(-11 * 60_000);
      expect(expired).toMatchObject({ state: 400, reason: 'token_expired' });
    });
  });

  it('requires login for check and buy', async () => {
    const packId = await buildPack(t.shop);
    const guest = t.shop.client();
    expect((await guest.post('/user/pack/check', { pack_id: packId, count: 1 })).state).toBe(401);
    expect((await guest.post('/user/pack/buy', { token: 'x'.repeat(20) })).state).toBe(401);
  });

  it('rejects the bad counts of the issue with errors.count', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 5_000 });
    await expectNoChange(m.id, packId, async () => {
      for (const count of [0, -1, 3001, 'ALL', 1.5, '10', 'ten', null]) {
        const res = await m.client.post('/user/pack/check', { pack_id: packId, count });
        expect(res.state, String(count)).toBe(400);
        expect(res.errors?.count?.[0]).toContain('1〜3000');
      }
    });
  });

  it('refuses unknown, closed, not-yet-started and sold-out packs', async () => {
    const m = await buildMember(t.shop, { paidPoints: 50_000, lang: 'en' });
    expect((await m.client.post('/user/pack/check', { pack_id: 987654, count: 1 })).state).toBe(404);

    const closed = await buildPack(t.shop);
    const tokenBeforeClose = (await m.client.post('/user/pack/check', { pack_id: closed, count: 1 })).token;
    await q('UPDATE packs SET closed_at = $2 WHERE id = $1', [closed, t.shop.clock.now()]);
    await expectNoChange(m.id, closed, async () => {
      expect(await m.client.post('/user/pack/check', { pack_id: closed, count: 1 })).toMatchObject({
        state: 409,
        reason: 'closed',
      });
      // A token issued before the close is re-checked inside the transaction.
      expect(await m.client.post('/user/pack/buy', { token: tokenBeforeClose })).toMatchObject({
        state: 409,
        reason: 'closed',
      });
    });

    const later = await buildPack(t.shop, { startDate: new Date(t.shop.clock.now().getTime() + 2 * 86400_000) });
    const res = await m.client.post('/user/pack/check', { pack_id: later, count: 1 });
    expect(res).toMatchObject({ state: 409, reason: 'before_start' });
    expect(res.errors?.count?.[0]).toBe('This pack is not on sale yet');

    const tiny = await buildPack(t.shop, { cards: smallLineup(1) });
    expect(await m.client.post('/user/pack/check', { pack_id: tiny, count: 8 })).toMatchObject({
      state: 409,
      reason: 'insufficient_stock',
    });
    expect((await drawVia(m.client, tiny, 7)).buy?.state).toBe(200);
    expect(await m.client.post('/user/pack/check', { pack_id: tiny, count: 1 })).toMatchObject({
      state: 409,
      reason: 'sold_out',
    });
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('a token for more than what is left fails cleanly; an "all" token takes what is left', async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(4) }); // 10 tickets
    const a = await buildMember(t.shop, { paidPoints: 5_000 });
    const b = await buildMember(t.shop, { paidPoints: 5_000 });
    const fixed = await a.client.post('/user/pack/check', { pack_id: packId, count: 6 });
    const all = await a.client.post('/user/pack/check', { pack_id: packId, count: 'all' });
    expect(all).toMatchObject({ count: 10, point: 1_000 });
    expect((await drawVia(b.client, packId, 5)).buy?.state).toBe(200);
    await expectNoChange(a.id, packId, async () => {
      const res = await a.client.post('/user/pack/buy', { token: fixed.token });
      expect(res).toMatchObject({ state: 409, reason: 'insufficient_stock' });
    });
    const rest = await a.client.post('/user/pack/buy', { token: all.token });
    expect((rest.cards as unknown[]).length).toBe(5);
    expect((await balance(a.id)).point_balance).toBe(4_500);
  });

  it("refuses 'all' where the pack banner does not offer it: 100 or more left, or a max_buy_count", async () => {
    const big = await buildPack(t.shop, { cards: smallLineup(94) }); // exactly 100 tickets
    const limited = await buildPack(t.shop, { cards: smallLineup(4), maxBuyCount: 20 });
    const small = await buildPack(t.shop, { cards: smallLineup(93) }); // 99 tickets: offered
    const m = await buildMember(t.shop, { paidPoints: 50_000 });
    await expectNoChange(m.id, big, async () => {
      for (const packId of [big, limited]) {
        const res = await m.client.post('/user/pack/check', { pack_id: packId, count: 'all' });
        expect(res).toMatchObject({ state: 400, reason: 'all_not_offered' });
        expect(res.errors?.count?.[0]).toContain('残り全部');
      }
    });
    expect(await m.client.post('/user/pack/check', { pack_id: small, count: 'all' })).toMatchObject({
      state: 200,
      count: 99,
    });
  });

  it('enforces SMS-only and rank-limited packs for check and buy', async () => {
    const sms = await buildPack(t.shop, { smsOnly: true });
    const ranked = await buildPack(t.shop, { rankLimit: 3 });
    const plain = await buildMember(t.shop, { paidPoints: 5_000 });
    expect(await plain.client.post('/user/pack/check', { pack_id: sms, count: 1 })).toMatchObject({
      state: 403,
      reason: 'sms_required',
    });
    const rank = await plain.client.post('/user/pack/check', { pack_id: ranked, count: 1 });
    expect(rank).toMatchObject({ state: 403, reason: 'rank_required' });
    // The rank is named as the pack badge names it, in the member's language.
    expect(rank.errors?.count?.[0]).toBe('このパックはゴールド以上の会員のみ購入できます');
    const english = await buildMember(t.shop, { paidPoints: 5_000, lang: 'en' });
    const refused = await english.client.post('/user/pack/check', { pack_id: ranked, count: 1 });
    expect(refused).toMatchObject({ state: 403, reason: 'rank_required' });
    expect(refused.errors?.count?.[0]).toBe('This pack is for members ranked Gold or above');
    const vip = await buildMember(t.shop, { paidPoints: 5_000, smsVerified: true, rank: 3 });
    expect((await drawVia(vip.client, sms, 1)).buy?.state).toBe(200);
    expect((await drawVia(vip.client, ranked, 1)).buy?.state).toBe(200);
    // A token issued while verified is refused once the member no longer qualifies.
    const checked = await vip.client.post('/user/pack/check', { pack_id: sms, count: 1 });
    await q('UPDATE members SET sms_verified_at = NULL WHERE id = $1', [vip.id]);
    await expectNoChange(vip.id, sms, async () => {
      expect((await vip.client.post('/user/pack/buy', { token: checked.token })).reason).toBe('sms_required');
    });
  });

  it('counts max_buy_count per member over all purchases, also when purchases race', async () => {
    const packId = await buildPack(t.shop, { maxBuyCount: 5 });
    const m = await buildMember(t.shop, { paidPoints: 50_000 });
    expect((await drawVia(m.client, packId, 3)).buy?.state).toBe(200);
    expect(await m.client.post('/user/pack/check', { pack_id: packId, count: 3 })).toMatchObject({
      state: 409,
      reason: 'max_buy_count',
    });
    // Two 2-draw intents, both valid at check time; only one may complete.
    const t1 = await m.client.post('/user/pack/check', { pack_id: packId, count: 2 });
    const t2 = await m.client.post('/user/pack/check', { pack_id: packId, count: 2 });
    const [r1, r2] = await Promise.all([
      m.client.post('/user/pack/buy', { token: t1.token }),
      m.client.post('/user/pack/buy', { token: t2.token }),
    ]);
    expect([r1.state, r2.state].sort()).toEqual([200, 409]);
    expect([r1.reason, r2.reason]).toContain('max_buy_count');
    const bought = await q('SELECT sum(count)::int AS n FROM purchases WHERE member_id = $1', [m.id]);
    expect(bought.rows[0].n).toBe(5);
    expect((await balance(m.id)).point_balance).toBe(49_500);
    const list = (await m.client.get('/user/pack/list')).list as { id: number; can_limit: string }[];
    expect(list.find((p) => p.id === packId)?.can_limit).toBe('1');
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('refuses insufficient points at check, and at buy when the balance dropped meanwhile', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 250 });
    expect(await m.client.post('/user/pack/check', { pack_id: packId, count: 3 })).toMatchObject({
      state: 400,
      reason: 'insufficient_points',
    });
    const checked = await m.client.post('/user/pack/check', { pack_id: packId, count: 2 });
    expect((await drawVia(m.client, packId, 1)).buy?.state).toBe(200);
    await expectNoChange(m.id, packId, async () => {
      const res = await m.client.post('/user/pack/buy', { token: checked.token });
      expect(res).toMatchObject({ state: 400, reason: 'insufficient_points' });
      expect(res.errors?.count?.[0]).toBe('ポイントが不足しています');
    });
  });

  it('sells coin packs for coins, with insufficient_coins when short', async () => {
    const packId = await buildPack(t.shop, { paymentMethod: '2', point: 30 });
    const poor = await buildMember(t.shop, { paidPoints: 100_000, coins: 20 });
    expect(await poor.client.post('/user/pack/check', { pack_id: packId, count: 1 })).toMatchObject({
      state: 400,
      reason: 'insufficient_coins',
    });
    const rich = await buildMember(t.shop, { coins: 100 });
    const { check, buy } = await drawVia(rich.client, packId, 3);
    expect(check).toMatchObject({ point: 90, payment_method: '2' });
    expect(buy).toMatchObject({ state: 200, is_buy_coin: '1' });
    expect(await balance(rich.id)).toEqual({ point_balance: 0, coin_balance: 10 });
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('answers the latest undecided purchase for gache_result/buy_result and the tracking call', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 5_000 });
    expect((await m.client.get('/user/pack/gache_result')).cards).toEqual([]);
    const { buy } = await drawVia(m.client, packId, 2);
    const res = await m.client.get('/user/pack/buy_result');
    expect(res.purchase_id).toBe(buy!.purchase_id);
    expect((await m.client.get('/user/pack/gache_result')).cards).toEqual(buy!.cards);
    expect(await m.client.get('/user/pack/gtm_gacha_result')).toMatchObject({
      gacha_price: 200,
      gacha_num: 2,
      item_id: packId,
    });
    const other = await buildMember(t.shop);
    expect((await other.client.get(`/user/pack/buy_result?purchase_id=${buy!.purchase_id}`)).state).toBe(404);
    expect((await t.shop.client().get('/user/pack/buy_result')).state).toBe(401);
  });
});

// The shape of the decision and history routes (the decision's rules are decision.test.ts, on the service tier).
describe('POST /user/pack/decision', () => {
  it("answers 200 with returned_point, 204 '0' without an address and '-1' once decided; field errors; 401", async () => {
    const m = await buildMember(t.shop, { paidPoints: 5_000, lang: 'en' });
    const packId = await buildPack(t.shop);
    const cards = (await drawVia(m.client, packId, 3)).buy!.cards as DrawnCard[];
    const [first, ...rest] = cards.map((c) => c.history_id);
    const noAddress = await m.client.post('/user/pack/decision', { send_card: [first], reduction_card: rest });
    expect(noAddress).toMatchObject({ state: 204, result: '0' });
    // Refused by the route's schema (overlap, nothing named, not a list of ids) or by the rule (a partial decision).
    const attempts: [unknown, number, string][] = [
      [{ send_card: [first], reduction_card: [first, rest[0]] }, 400, 'reduction_card'],
      [{ send_card: [], reduction_card: [] }, 400, 'send_card'],
      [{ send_card: 'all', reduction_card: [] }, 400, 'send_card'],
      [{ send_card: ['1 OR 1=1'], reduction_card: [] }, 400, 'send_card'],
      [{ send_card: [], reduction_card: [first] }, 400, 'send_card'],
    ];
    for (const [body, state, field] of attempts) {
      const res = await m.client.post('/user/pack/decision', body);
      expect(res.state, JSON.stringify(body)).toBe(state);
      expect(Object.keys(res.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const converted = await m.client.post('/user/pack/decision', { send_card: [], reduction_card: [first, ...rest] });
    const expected = cards.reduce((s, c) => s + c.buy_point, 0);
    expect(converted).toMatchObject({ state: 200, result: '1', returned_point: expected });
    const again = await m.client.post('/user/pack/decision', { send_card: [first], reduction_card: rest });
    expect(again).toMatchObject({ state: 204, result: '-1' });

    const locked = await buildPack(t.shop, {
      cards: smallLineup(14, { noReduction: true }).map((c) => ({ ...c, noReduction: true })),
    });
    const must = (await drawVia(m.client, locked, 2)).buy!.cards as DrawnCard[];
    const bad = await m.client.post('/user/pack/decision', {
      send_card: [],
      reduction_card: must.map((c) => c.history_id),
    });
    expect(bad).toMatchObject({ state: 400, reason: 'no_reduction' });
    expect(bad.errors?.reduction_card?.[0]).toBe('Some of these cards cannot be converted to points');

    expect((await t.shop.client().post('/user/pack/decision', { send_card: [1], reduction_card: [] })).state).toBe(401);
  });
});

describe('purchase history', () => {
  const drawNew = async (m: TestMember, count: number) =>
    (await drawVia(m.client, await buildPack(t.shop), count)).buy!.cards as DrawnCard[];
  const ids = (cards: DrawnCard[]) => cards.map((c) => c.history_id);

  it('lists own purchases with filter and pager, and shows a decided purchase in detail', async () => {
    const m = await buildMember(t.shop, { paidPoints: 10_000, address: true });
    const decided = await drawNew(m, 3);
    await drawNew(m, 2);
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

// How the last-one prize is shown (its rules are last-one.test.ts, on the service tier).
describe('the last-one prize through the API', () => {
  it('on the pack page and the fairness record, marked in the reply, the stored result and the history; then the winner', async () => {
    const cardId = await lastOnePrizeCard(t.shop);
    const packId = await buildPack(t.shop, { cards: smallLineup(4), lastOneCardId: cardId }); // 10 tickets
    const prizeId = Number((await q('SELECT id FROM pack_cards WHERE pack_id = $1 AND last_one', [packId])).rows[0].id);
    const detail = (await t.shop.client().get(`/user/pack/detail/${packId}`)).detail as PackDetail;
    expect(detail.last_one).toMatchObject({ name: 'ラストワン竜', buy_point: 7_777, winner: null });
    expect(detail.total_pack_count).toBe(10);
    // Not in the lineup's ranks nor in their remaining counts (the S rank has its one ticket only).
    expect(detail.lineup.S.map((c) => c.name)).toEqual(['Sky Sovereign']);
    expect(detail.remaining_by_rank.S).toBe(1);
    const fair = (await t.shop.client().get(`/user/pack/fairness/${packId}`)) as unknown as PackFairnessReply;
    expect(fair.cards.map((c) => c.id)).not.toContain(prizeId);
    expect(fair.last_one).toEqual({ card_id: prizeId, award: null });

    const [a, b] = await Promise.all([1, 2].map(() => buildMember(t.shop, { paidPoints: 5_000 })));
    const first = (await drawVia(a!.client, packId, 6)).buy as unknown as PurchaseResult;
    expect(first.cards.some((c) => c.last_one)).toBe(false);
    const last = (await drawVia(b!.client, packId, 'all')).buy as unknown as PurchaseResult;
    expect(last.cards.map((c) => c.num)).toEqual([7, 8, 9, 10, 0]);
    const prize = last.cards.at(-1)!;
    expect(prize).toMatchObject({ last_one: '1', name: 'ラストワン竜', buy_point: 7_777, status: 'pending' });
    const stored = (await b!.client.get(
      `/user/pack/buy_result?purchase_id=${last.purchase_id}`,
    )) as unknown as PurchaseResult;
    expect(stored.cards.filter((c) => c.last_one === '1').map((c) => c.history_id)).toEqual([prize.history_id]);
    const res = await b!.client.post('/user/pack/decision', {
      send_card: [],
      reduction_card: last.cards.map((c) => c.history_id),
    });
    expect(res.state).toBe(200);
    const history = await b!.client.get(`/user/history/detail/${last.purchase_id}`);
    const marked = (history.detail as { converted_cards: { last_one?: string }[] }).converted_cards;
    expect(marked.filter((c) => c.last_one === '1')).toHaveLength(1);

    // After the sell-out the pack page names the winner, and a late buyer is refused.
    const after = (await t.shop.client().get(`/user/pack/detail/${packId}`)).detail as PackDetail;
    expect(after.last_one?.winner?.member).toMatch(/^試/);
    const late = await drawVia(a!.client, packId, 1);
    expect((late.buy ?? late.check).state).toBe(409);
  });
});

// From buy-batch.test.ts (whose rules are on the service tier): a replay's reply is the first reply, whichever
// request of the batch queue it came through.
describe('POST /user/pack/buy in batches', () => {
  const withoutCsrf = (e: Envelope | null) => {
    const { csrf: _csrf, ...rest } = e ?? ({} as Envelope);
    return rest;
  };

  it('one member sending the same token 5 times in parallel: one purchase, 5 identical answers', async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 5_000 });
    const check = await m.client.post('/user/pack/check', { pack_id: packId, count: 3 });
    expect(check.state).toBe(200);
    const replies = await Promise.all(
      [1, 2, 3, 4, 5].map(() => m.client.post('/user/pack/buy', { token: check.token })),
    );
    expect(replies.map((r) => r.state)).toEqual([200, 200, 200, 200, 200]);
    const first = withoutCsrf(replies[0]!);
    expect((first.cards as unknown[]).length).toBe(3);
    for (const r of replies) expect(withoutCsrf(r)).toEqual(first);
    const purchases = await q('SELECT id, count FROM purchases WHERE member_id = $1', [m.id]);
    expect(purchases.rows).toEqual([{ id: first.purchase_id, count: 3 }]);
    expect((await balance(m.id)).point_balance).toBe(4_700);
    expect(await undrawnTickets(t.shop, packId)).toHaveLength(17);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});
