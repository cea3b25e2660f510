import { keepAmount, RANK_UP_BONUS, RANK7_CARD_POINT, rankDefinition, rankPeriod, tokyoMonthStart } from '@oripa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rankMonthEndJob } from '../../src/jobs/rank-month-end.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { insertTestMember, ledgerViolations } from '../factories.ts';
import { payByCard, seedCourses } from '../payments/service-payments.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';

/**
 * Issue 19 §2 (ADR 0035): a rank lost at a JST month end came back with any purchase and paid its rank-up bonus (or
 * rank 7's 200,000-point card) again. A bonus is paid once per member and rank; a lost rank comes back only with a
 * month's keep amount paid in the month, as costly as keeping it. Rules of the payment credit, the month-end job
 * and the database: the service tier, no HTTP (ADR 0038).
 */
const DAY = 24 * 3600_000;
let shop: ServiceShop;
let course: Record<number, number>;
beforeAll(async () => {
  shop = await startServiceShop();
  course = await seedCourses(shop);
});
afterAll(() => shop.close());

const q = (text: string, values: unknown[] = []) => shop.ctx.db.pool.query(text, values);
const rankOf = async (id: number) => Number((await q('SELECT rank FROM members WHERE id = $1', [id])).rows[0].rank);
/** A card payment of the course worth `point`, credited at once (payByCard throws unless it succeeded). */
const pay = async (memberId: number, point: number) => {
  await payByCard(shop, memberId, course[point]!);
};
/** The rank-up bonuses paid to a member, as ledger amounts in order. */
const bonuses = async (id: number) =>
  (
    await q("SELECT amount FROM ledger_entries WHERE member_id = $1 AND reason = 'rank_up_bonus' ORDER BY id", [id])
  ).rows.map((r) => Number(r.amount));
const cards = async (id: number) =>
  Number((await q('SELECT count(*) FROM rank_card_rewards WHERE member_id = $1', [id])).rows[0].count);

/** Moves the shop clock one minute past the next JST month start and runs the month-end job to idle. */
async function crossMonthEnd(): Promise<void> {
  // 40 days after this month's start lies in the next month, whatever this month's length.
  const next = tokyoMonthStart(
    rankPeriod(new Date(tokyoMonthStart(rankPeriod(shop.clock.now())).getTime() + 40 * DAY)),
  );
  shop.clock.advance(next.getTime() + 60_000 - shop.clock.now().getTime());
  await runJobUntilIdle(shop.ctx, rankMonthEndJob);
}

describe('a rank lost at the month end and bought back (issue 19 §2)', () => {
  it('rank 3: a 500 P purchase after the drop neither regains the rank nor pays its bonus again', async () => {
    const m = await insertTestMember(shop, { rank: 1 });
    await pay(m.id, 50_000);
    expect(await rankOf(m.id)).toBe(3);
    expect(await bonuses(m.id)).toEqual([RANK_UP_BONUS[2], RANK_UP_BONUS[3]]);

    await crossMonthEnd(); // kept: reached and paid in that month
    expect(await rankOf(m.id)).toBe(3);
    await crossMonthEnd(); // nothing paid: drops one step
    expect(await rankOf(m.id)).toBe(2);

    await pay(m.id, 500);
    expect(await bonuses(m.id)).toEqual([RANK_UP_BONUS[2], RANK_UP_BONUS[3]]);
    expect(await rankOf(m.id)).toBe(2);

    // Paying the month's keep amount brings the rank back, as keeping it would have cost, without a bonus; the
    // rank is kept at this month's end (that payment is the month's keep amount).
    await pay(m.id, keepAmount(3)); // 10,500 yen this month
    expect(await rankOf(m.id)).toBe(3);
    expect(await bonuses(m.id)).toEqual([RANK_UP_BONUS[2], RANK_UP_BONUS[3]]);
    const { rows } = await q(
      "SELECT to_rank, bonus_point FROM rank_events WHERE member_id = $1 AND kind = 'rank_up' ORDER BY id",
      [m.id],
    );
    expect(rows.map((r) => [Number(r.to_rank), Number(r.bonus_point)])).toEqual([
      [2, RANK_UP_BONUS[2]],
      [3, RANK_UP_BONUS[3]],
      [3, 0],
    ]);
    await crossMonthEnd();
    expect(await rankOf(m.id)).toBe(3);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('rank 7: a 500 P purchase after the drop gives no second 200,000-point card', async () => {
    const m = await insertTestMember(shop, { rank: 6 });
    await q('UPDATE members SET total_buy = $2 WHERE id = $1', [m.id, rankDefinition(6).rankUpCount - 1_000]);
    await pay(m.id, 1_000);
    expect(await rankOf(m.id)).toBe(7);
    expect(await cards(m.id)).toBe(1);

    await crossMonthEnd();
    await crossMonthEnd();
    expect(await rankOf(m.id)).toBe(6);

    await pay(m.id, 500);
    expect(await cards(m.id)).toBe(1);
    expect(await rankOf(m.id)).toBe(6);

    // Rank 7 comes back with 200,000 yen paid in the month (its keep amount), and no second card.
    for (let paid = 500; paid < keepAmount(7); paid += 50_000) await pay(m.id, 50_000);
    expect(await rankOf(m.id)).toBe(7);
    expect(await cards(m.id)).toBe(1);
    const { rows } = await q('SELECT point FROM rank_card_rewards WHERE member_id = $1', [m.id]);
    expect(rows.map((r) => Number(r.point))).toEqual([RANK7_CARD_POINT]);
    expect(await ledgerViolations(shop)).toEqual([]);
  });
});

describe('the database pays a rank-up bonus once per member and rank', () => {
  it('two payments credited at once cross the threshold once: one rank-up, one bonus', async () => {
    const m = await insertTestMember(shop, { rank: 1 });
    // Two payments of the one member at once (two browser tabs, or two instances).
    await Promise.all([pay(m.id, 10_000), pay(m.id, 10_000)]);
    expect(await rankOf(m.id)).toBe(2);
    expect(await bonuses(m.id)).toEqual([RANK_UP_BONUS[2]]);
    const paid = await q('SELECT rank FROM rank_bonuses_paid WHERE member_id = $1', [m.id]);
    expect(paid.rows.map((r) => Number(r.rank))).toEqual([2]);
    expect(await ledgerViolations(shop)).toEqual([]);
  });

  it('refuses a second paid row for a rank, and a rank-7 card without a paid bonus', async () => {
    const m = await insertTestMember(shop, { rank: 6 });
    await q('UPDATE members SET total_buy = $2 WHERE id = $1', [m.id, rankDefinition(6).rankUpCount]);
    await pay(m.id, 500);
    const [paid] = (await q('SELECT rank_event_id FROM rank_bonuses_paid WHERE member_id = $1 AND rank = 7', [m.id]))
      .rows as { rank_event_id: string }[];
    expect(paid).toBeDefined();
    const event = await q(
      "INSERT INTO rank_events (member_id, kind, from_rank, to_rank) VALUES ($1, 'rank_up', 6, 7) RETURNING id",
      [m.id],
    );
    const second = event.rows[0].id;
    await expect(
      q('INSERT INTO rank_bonuses_paid (member_id, rank, rank_event_id) VALUES ($1, 7, $2)', [m.id, second]),
    ).rejects.toThrow(/rank_bonuses_paid_pkey/);
    await expect(
      q('INSERT INTO rank_card_rewards (member_id, rank_event_id, point) VALUES ($1, $2, 200000)', [m.id, second]),
    ).rejects.toThrow(/rank_card_rewards_paid_bonus/);
  });
});
