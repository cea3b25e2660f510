import { keepAmount, RANK_UP_BONUS, RANK7_CARD_POINT, rankDefinition } from '@oripa/core';
import { describe, expect, it } from 'vitest';
import { markClosed } from '../../src/db/queries/withdrawal.ts';
import { seedCoinCourses } from '../../src/seed/coin-courses.ts';
import { buildMember } from '../factories.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import { buy, cardToken, seedCourses } from '../payments/helpers.ts';
import { payByCard } from '../payments/service-payments.ts';
import { startTestShop, useShop } from '../test-shop.ts';

/**
 * The HTTP shape of the programmes whose rules are tested on the service tier (ADR 0038): ranks (ranks.test.ts,
 * rank-regain.test.ts), coins (coins.test.ts), withdrawal (withdrawal.test.ts) and idle accounts
 * (idle-accounts.test.ts). Per route: the fields a reply names, a success and a refusal with its message.
 */
const t = useShop(async () => {
  const shop = await startTestShop();
  const course = await seedCourses(shop);
  await seedCoinCourses(shop.ctx);
  const { rows } = await shop.ctx.db.pool.query("SELECT id, point FROM point_courses WHERE currency = 'coin'");
  const coinCourse: Record<number, number> = Object.fromEntries(rows.map((r) => [Number(r.point), Number(r.id)]));
  return { shop, course, coinCourse };
});

const q = (text: string, values: unknown[] = []) => t.shop.ctx.db.pool.query(text, values);
const payCard = async (client: import('../api-client.ts').ApiClient, courseId: number) =>
  buy(client, { point_price_id: courseId, pay_id: 1, token: (await cardToken(t.shop)).token });

describe('ranks: /user/point, the pack result, /user/buy_rank, /user/rank_reward', () => {
  it("a payment crossing a threshold shows in /user/point and as rank_up in the next pack result's reply", async () => {
    const m = await buildMember(t.shop, { rank: 1 });
    expect((await payCard(m.client, t.course[10_000]!)).state).toBe(200);
    const user = await m.client.get('/user/point');
    expect(user).toMatchObject({ rank: 2, is_maintained: true, is_rank_maintained: false, next_month_rank: 2 });
    const packId = await buildPack(t.shop, { point: 100 });
    const first = await drawVia(m.client, packId, 1);
    const shown = await m.client.get(`/user/pack/gache_result?purchase_id=${first.buy!.purchase_id}`);
    expect(shown).toMatchObject({
      rank_up: '1',
      rankup_data: { rank: 2, rankup_bonus: RANK_UP_BONUS[2], discount: rankDefinition(2).discount },
    });
  });

  it('/user/buy_rank: offered in /user/point, refused with its message, then kept with the coins it names', async () => {
    const poor = await buildMember(t.shop, { rank: 3, coins: 100 });
    const offered = await poor.client.get('/user/point');
    expect(offered).toMatchObject({ is_maintained: false, is_rank_maintained: true, rank_keep_coin: keepAmount(3) });
    expect(offered.next_month_rank).toBe(2);
    const refused = await poor.client.post('/user/buy_rank');
    expect(refused).toMatchObject({
      state: 400,
      reason: 'insufficient_coins',
      errors: { general: ['コインが不足しています'] },
    });

    const rich = await buildMember(t.shop, { rank: 3, coins: 20_000 });
    const ok = await rich.client.post('/user/buy_rank');
    expect(ok).toMatchObject({
      state: 200,
      rank: 3,
      next_month_rank: 3,
      coin_used: keepAmount(3),
      coin_before: 20_000,
      coin_after: 20_000 - keepAmount(3),
    });
    expect(await rich.client.get('/user/point')).toMatchObject({ is_maintained: true, is_rank_maintained: false });
    expect(await rich.client.post('/user/buy_rank')).toMatchObject({ state: 400, reason: 'rank_not_offered' });
    const coinRows = (await rich.client.get('/user/coin/list')).list as { bonusCoin: number }[];
    expect(coinRows[0]!.bonusCoin).toBe(-keepAmount(3));
  });

  it("/user/rank_reward: rank 7's offer, a refusal, the conversion", async () => {
    const m = await buildMember(t.shop, { rank: 6 });
    await q('UPDATE members SET total_buy = $2 WHERE id = $1', [m.id, rankDefinition(6).rankUpCount - 1000]);
    await payByCard(t.shop, m.id, t.course[1_000]!);
    await buildPack(t.shop, { point: 100 });
    const offer = await m.client.get('/user/rank_reward');
    const [reward] = offer.rewards as { id: number; status: string }[];
    const [card] = offer.cards as { id: number }[];
    expect(reward).toMatchObject({ status: 'choosing' });
    expect(card).toBeDefined();
    const choose = (action: string, cardId = card!.id) =>
      m.client.post('/user/rank_reward', { reward_id: reward!.id, card_id: cardId, action });
    expect(await choose('ship')).toMatchObject({ state: 400, reason: 'no_address' });
    expect(await choose('convert', 999_999)).toMatchObject({ state: 400, reason: 'card_not_offered' });
    expect(await choose('convert')).toMatchObject({ state: 200, status: 'converted', point: RANK7_CARD_POINT });
    expect(await choose('convert')).toMatchObject({ state: 400, reason: 'reward_decided' });
  });
});

describe('coins: /user/coin_price, /user/coin/list, a coin pack', () => {
  it('lists coin courses apart from point courses without rank bonus; a course and a pack show in the coin history', async () => {
    const m = await buildMember(t.shop, { rank: 4 });
    const coins = await m.client.get('/user/coin_price');
    expect(coins.list).toHaveLength(4);
    for (const c of coins.list as { currency: string; append_point: number }[]) {
      expect(c).toMatchObject({ currency: 'coin', append_point: 0, discount: 1 });
    }
    const points = await m.client.get('/user/point_price');
    expect((points.list as { currency: string }[]).every((c) => c.currency === 'point')).toBe(true);
    expect(points.is_discount).toBe('1');

    const buyer = await buildMember(t.shop, { rank: 3 });
    expect(await payCard(buyer.client, t.coinCourse[3000]!)).toMatchObject({ state: 200, result: '1', point: 3000 });
    const history = await buyer.client.get('/user/coin/list');
    expect(history.list).toEqual([
      expect.objectContaining({
        bonusCoin: 3000,
        money: 3000,
        history_id: 0,
        memo: expect.stringContaining('コイン購入'),
      }),
    ]);
    // No coin row in the point history.
    expect((await buyer.client.get('/user/point/list')).list).toEqual([]);

    const coinPack = await buildPack(t.shop, { paymentMethod: '2', point: 100 });
    const pointsOnly = await buildMember(t.shop, { paidPoints: 5_000 });
    expect(await pointsOnly.client.post('/user/pack/check', { pack_id: coinPack, count: 1 })).toMatchObject({
      state: 400,
      reason: 'insufficient_coins',
    });
    const coinsOnly = await buildMember(t.shop, { coins: 1_000 });
    const { buy: bought } = await drawVia(coinsOnly.client, coinPack, 1);
    expect(bought).toMatchObject({ state: 200, is_buy_coin: '1' });
    const [row] = (await coinsOnly.client.get('/user/coin/list')).list as { bonusCoin: number; history_id: number }[];
    expect(row!.bonusCoin).toBe(-100);
    expect(row!.history_id).toBeGreaterThan(0);
  });
});

describe('withdrawal: GET and POST /user/withdraw', () => {
  it('names what is lost; a wrong or missing password is refused with its message; then logged out', async () => {
    const m = await buildMember(t.shop, { paidPoints: 1_200, freePoints: 300, coins: 700 });
    expect(await m.client.get('/user/withdraw')).toMatchObject({
      state: 200,
      point: 1_500,
      coin: 700,
      pending_cards: 0,
      open_payments: 0,
    });
    const wrong = await m.client.post('/user/withdraw', { pass: 'not-it' });
    expect(wrong).toMatchObject({ state: 400, errors: { pass: ['パスワードが正しくありません'] } });
    const empty = await m.client.post('/user/withdraw', {});
    expect(empty.state).toBe(400);
    expect((await m.client.get('/user/point')).is_login).toBe('1');

    expect((await m.client.post('/user/withdraw', { pass: m.pass })).state).toBe(200);
    // Logged out, and no login any more (answered like an unknown address).
    expect((await m.client.get('/user/point')).is_login).toBe('0');
    const login = await t.shop.client().post('/user/login', { mail: m.mail, pass: m.pass });
    expect(login.state).not.toBe(200);
  });

  it('after 5 wrong passwords even the right one waits: 429 in the member language, with the minutes to wait', async () => {
    const m = await buildMember(t.shop, { paidPoints: 500, lang: 'en' });
    for (let i = 0; i < 5; i++) {
      expect((await m.client.post('/user/withdraw', { pass: `guess-${i}` })).state).toBe(400);
    }
    const locked = await m.client.post('/user/withdraw', { pass: m.pass });
    expect(locked).toMatchObject({ state: 429 });
    expect(locked.errors?.pass?.[0]).toMatch(/^Too many wrong passwords\. Try again in 15 minutes$/);
  });
});

describe('idle accounts: the login of an account closed for inactivity', () => {
  it('says why, after the right password only', async () => {
    const m = await buildMember(t.shop);
    // Closed as the idle job closes it (its rules: idle-accounts.test.ts).
    await markClosed(t.shop.ctx.db.pool, m.id, t.shop.clock.now(), 'idle');
    const login = await t.shop.client().post('/user/login', { mail: m.mail, pass: m.pass });
    expect(login).toMatchObject({ state: 400, reason: 'account_closed' });
    expect(login.errors?.mail?.[0]).toContain('6ヶ月以上');
    const wrong = await t.shop.client().post('/user/login', { mail: m.mail, pass: 'not-it-at-all' });
    expect(wrong).toMatchObject({ state: 400, reason: 'login_mismatch' });
  });
});
