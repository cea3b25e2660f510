import { describe, expect, it } from 'vitest';
import type { PackCheckReply, PurchaseResult } from '@oripa/core';
import { buildMember, drawnCount, ledgerViolations } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { buildPack, drawVia, smallLineup } from './pack-fixtures.ts';

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
