import fc from 'fast-check';
import {
  keepAmount,
  maintenanceOf,
  monthEndRank,
  previousMonth,
  RANK_UP_BONUS,
  RANK7_CARD_POINT,
  rankDefinition,
  rankPeriod,
  rankUpRewards,
  RANKS,
  tokyoMonthStart,
} from '@oripa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankMonthEndJob } from '../../src/jobs/rank-month-end.ts';
import { chooseRankCard, rankCardRewards } from '../../src/services/programmes/ranks/card-reward.ts';
import { buyRankMaintenance, rankStanding } from '../../src/services/programmes/ranks/maintenance.ts';
import { rankUpOfPurchase } from '../../src/services/programmes/ranks/rank-ups.ts';
import { insertTestMember, ledgerViolations } from '../factories.ts';
import { buildPack, drawDirect } from '../packs/pack-fixtures.ts';
import { payByCard, seedCourses } from '../payments/service-payments.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';

/**
 * Ranks (ADR 0021, 0035) on the service tier (ADR 0038): the rules through the services with `ctx`. The routes'
 * shape (/user/point's rank fields, rank_up in a pack result, /user/buy_rank, /user/rank_reward) is one API test in
 * programme-routes.test.ts.
 */
let shop: ServiceShop;
let course: Record<number, number>;
beforeAll(async () => {
  shop = await startServiceShop();
  course = await seedCourses(shop);
});
afterAll(() => shop.close());

const q = (text: string, values: unknown[] = []) => shop.ctx.db.pool.query(text, values);
const member = async (id: number) =>
  (await q('SELECT rank, point_balance, coin_balance, total_buy FROM members WHERE id = $1', [id])).rows[0] as {
    rank: number;
    point_balance: number;
    coin_balance: number;
  };
const payCard = (memberId: number, point: number) => payByCard(shop, memberId, course[point]!);
const standing = async (id: number) => rankStanding(shop.ctx.db.pool, id, (await member(id)).rank, shop.clock.now());
/** What a pack result shows of rank-ups (spec section 3), for a purchase drawn by drawDirect. */
const rankUpOf = (memberId: number, bought: Awaited<ReturnType<typeof drawDirect>>) =>
  rankUpOfPurchase(shop.ctx.db.pool, memberId, bought.purchaseId, bought.fresh!.createdAt);
/** The AppError a refused call rejects with (its state, reason and message keys). */
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => e as { state: number; reason?: string; fields: Record<string, string[]> },
  );

describe('rank rules (fast-check)', () => {
  // Regained ranks (no bonus) are core's ranks/rise.test.ts; these are first rises (peak = the rank before).
  it('rank-up rewards: one per rank passed, points for 2-6, the 200,000-point card for 7', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), (a, b) => {
        const rewards = rankUpRewards(a, b, a);
        expect(rewards.map((r) => r.rank)).toEqual(Array.from({ length: Math.max(0, b - a) }, (_, i) => a + 1 + i));
        for (const r of rewards) {
          expect(r.card).toBe(r.rank === 7);
          expect(r.bonusPoint).toBe(r.rank === 7 ? 0 : RANK_UP_BONUS[r.rank]);
        }
      }),
    );
  });

  it('maintenance: kept by paying the keep amount, a rank-up, or coins; else one step down; coins = shortfall', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 7 }),
        fc.integer({ min: 0, max: 400_000 }),
        fc.boolean(),
        fc.boolean(),
        (rank, monthBuy, bought, rankedUp) => {
          const m = maintenanceOf({ rank, monthBuy, bought, rankedUp });
          const kept = rank === 1 || bought || rankedUp || monthBuy >= keepAmount(rank);
          expect(m.isMaintained).toBe(kept);
          expect(m.offered).toBe(!kept);
          expect(m.nextMonthRank).toBe(kept ? rank : rank - 1);
          expect(m.coins).toBe(kept ? 0 : keepAmount(rank) - monthBuy);
          expect(monthEndRank(rank, kept)).toBeGreaterThanOrEqual(1);
        },
      ),
    );
  });

  it('JST months: the period of an instant, its start, the month before', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }), (d) => {
        const p = rankPeriod(d);
        const start = tokyoMonthStart(p);
        expect(start.getTime()).toBeLessThanOrEqual(d.getTime());
        const prev = previousMonth(p);
        expect(rankPeriod(new Date(start.getTime() - 1))).toBe(prev);
      }),
    );
    // 2026-11-30 15:00 UTC is 2026-12-01 00:00 JST.
    expect(rankPeriod(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-01');
    expect(rankPeriod(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
    expect(previousMonth('2027-01-01')).toBe('2026-12-01');
    expect(RANKS).toHaveLength(7);
  });
});

describe('ranks through the services', () => {
  it('a payment crossing a threshold: rank up, bonus lot, rank_up in the next pack result only', async () => {
    const m = await insertTestMember(shop, { rank: 1 });
    const r = await payCard(m.id, 10_000);
    expect(r.result).toBe('1');
    expect(await member(m.id)).toMatchObject({ rank: 2, point_balance: 10_000 + RANK_UP_BONUS[2]! });
    const { rows } = await q("SELECT amount FROM ledger_entries WHERE member_id = $1 AND reason = 'rank_up_bonus'", [
      m.id,
    ]);
    expect(rows.map((x) => Number(x.amount))).toEqual([RANK_UP_BONUS[2]]);
    expect(await standing(m.id)).toMatchObject({ isMaintained: true, offered: false, nextMonthRank: 2 });

    const packId = await buildPack(shop, { point: 100 });
    const first = await drawDirect(shop.ctx, m.id, packId, 1);
    expect(await rankUpOf(m.id, first)).toEqual({
      rank_up: '1',
      rankup_data: { rank: 2, rankup_bonus: RANK_UP_BONUS[2], discount: rankDefinition(2).discount },
    });
    // Read again: the same; the next purchase shows none.
    expect((await rankUpOf(m.id, first)).rank_up).toBe('1');
    const second = await drawDirect(shop.ctx, m.id, packId, 1);
    expect((await rankUpOf(m.id, second)).rank_up).toBe('0');
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('reaching rank 7 gives the card choice worth 200,000 points', async () => {
    const m = await insertTestMember(shop, { rank: 6 });
    await q('UPDATE members SET total_buy = $2 WHERE id = $1', [m.id, rankDefinition(6).rankUpCount - 1000]);
    await payCard(m.id, 1_000);
    expect((await member(m.id)).rank).toBe(7);
    const { rows } = await q('SELECT status, point FROM rank_card_rewards WHERE member_id = $1', [m.id]);
    expect(rows).toEqual([{ status: 'choosing', point: RANK7_CARD_POINT }]);

    // The member picks a top-grade card from the list and converts it to its 200,000 points, once.
    await buildPack(shop, { point: 100 });
    const offer = await rankCardRewards(shop.ctx, m.id);
    const [reward] = offer.rewards;
    const [card] = offer.cards;
    expect(reward).toMatchObject({ status: 'choosing' });
    expect(card).toBeDefined();
    const choose = (cardId: number, action: 'ship' | 'convert') =>
      chooseRankCard(shop.ctx, m.id, { rewardId: Number(reward!.id), cardId, action });
    const before = (await member(m.id)).point_balance;
    expect(await refusal(choose(Number(card!.id), 'ship'))).toMatchObject({ state: 400, reason: 'no_address' });
    expect(await refusal(choose(999_999, 'convert'))).toMatchObject({ state: 400, reason: 'card_not_offered' });
    expect(await choose(Number(card!.id), 'convert')).toEqual({ status: 'converted', point: RANK7_CARD_POINT });
    expect((await member(m.id)).point_balance).toBe(before + RANK7_CARD_POINT);
    expect(await refusal(choose(Number(card!.id), 'convert'))).toMatchObject({ state: 400, reason: 'reward_decided' });
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('buy_rank spends the shortfall in coins once, and is refused without coins or when not offered', async () => {
    const poor = await insertTestMember(shop, { rank: 3, coins: 100 });
    expect(await standing(poor.id)).toMatchObject({
      isMaintained: false,
      offered: true,
      coins: keepAmount(3),
      nextMonthRank: 2,
    });
    expect(await refusal(buyRankMaintenance(shop.ctx, poor.id))).toMatchObject({
      state: 400,
      reason: 'insufficient_coins',
      fields: { general: ['insufficientCoins'] },
    });
    expect((await member(poor.id)).coin_balance).toBe(100);

    const rich = await insertTestMember(shop, { rank: 3, coins: 20_000 });
    expect(await buyRankMaintenance(shop.ctx, rich.id)).toEqual({
      rank: 3,
      nextMonthRank: 3,
      coinsUsed: keepAmount(3),
      coinBefore: 20_000,
      coinAfter: 20_000 - keepAmount(3),
    });
    expect(await standing(rich.id)).toMatchObject({ isMaintained: true, offered: false });
    expect(await refusal(buyRankMaintenance(shop.ctx, rich.id))).toMatchObject({
      state: 400,
      reason: 'rank_not_offered',
    });
    expect((await member(rich.id)).coin_balance).toBe(20_000 - keepAmount(3));
    const rank1 = await insertTestMember(shop, { rank: 1, coins: 20_000 });
    expect((await refusal(buyRankMaintenance(shop.ctx, rank1.id)))?.reason).toBe('rank_not_offered');
    const coinRows = await q(
      "SELECT amount, reason FROM ledger_entries WHERE member_id = $1 AND currency = 'coin' ORDER BY id DESC LIMIT 1",
      [rich.id],
    );
    expect(coinRows.rows).toEqual([{ amount: -keepAmount(3), reason: 'rank_maintenance' }]);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('two parallel buy_rank calls spend once', async () => {
    const m = await insertTestMember(shop, { rank: 2, coins: 10_000 });
    const replies = await Promise.allSettled([buyRankMaintenance(shop.ctx, m.id), buyRankMaintenance(shop.ctx, m.id)]);
    expect(replies.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const refused = replies.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ state: 400 });
    expect((await member(m.id)).coin_balance).toBe(10_000 - keepAmount(2));
  });

  it('the month-end job keeps or lowers ranks once per month, with two runners at once', async () => {
    // Start at a clean slate: everyone else counts as evaluated.
    const kept = await insertTestMember(shop, { rank: 4 });
    const dropped = await insertTestMember(shop, { rank: 4 });
    const paid = await insertTestMember(shop, { rank: 2 });
    const period = rankPeriod(shop.clock.now());
    await q(`UPDATE members SET rank_evaluated_period = $1 WHERE id NOT IN ($2, $3, $4)`, [
      period,
      kept.id,
      dropped.id,
      paid.id,
    ]);
    await q(`INSERT INTO rank_month_buys (member_id, period, amount) VALUES ($1, $2, $3), ($4, $2, $5)`, [
      kept.id,
      period,
      keepAmount(4),
      paid.id,
      keepAmount(2) - 1,
    ]);
    // Move to the next JST month.
    const next = tokyoMonthStart(period);
    next.setUTCMonth(next.getUTCMonth() + 1);
    shop.clock.advance(next.getTime() + 60_000 - shop.clock.now().getTime());
    // Two runners at once (two connections, as two instances would): each member is judged by one of them.
    const [a, b] = await Promise.all([rankMonthEndJob.run(shop.ctx), rankMonthEndJob.run(shop.ctx)]);
    expect(a + b).toBe(3);
    expect(await rankMonthEndJob.run(shop.ctx)).toBe(0);
    expect((await member(kept.id)).rank).toBe(4);
    expect((await member(dropped.id)).rank).toBe(3);
    expect((await member(paid.id)).rank).toBe(1);
    const { rows } = await q("SELECT count(*)::int AS n FROM rank_events WHERE kind = 'month_end' AND period = $1", [
      period,
    ]);
    expect(rows[0].n).toBe(3);
  });
});
