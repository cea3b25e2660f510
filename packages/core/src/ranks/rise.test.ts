import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankDefinition } from '../rank.ts';
import { keepAmount, maintenanceOf, monthEndRank, RANK_UP_BONUS, TOP_RANK } from './index.ts';
import { rankAfterPayment, rankUpRewards } from './rise.ts';

/** One JST month of a member's life: the course payments (yen) in order, and whether they buy the maintenance. */
interface Month {
  payments: number[];
  coins: boolean;
}

interface Life {
  bonusPoints: number;
  cards: number;
  /** Ranks whose bonus was paid, in order. */
  paid: number[];
  /** Each rank regained, with the yen paid in its month up to then. */
  regains: { rank: number; monthBuy: number }[];
  /** Coins spent on maintenance and yen on courses. */
  coins: number;
  yen: number;
}

/** Lives through the months with the shop's rules: payments raise the rank, each month end keeps or drops it. */
function live(start: { rank: number; peak: number; totalBuy: number }, months: Month[]): Life {
  let { rank, peak, totalBuy } = start;
  const life: Life = { bonusPoints: 0, cards: 0, paid: [], regains: [], coins: 0, yen: 0 };
  for (const month of months) {
    let monthBuy = 0;
    let rankedUp = false;
    for (const yen of month.payments) {
      totalBuy += yen;
      monthBuy += yen;
      life.yen += yen;
      const next = rankAfterPayment({ rank, peak, totalBuy, monthBuy });
      for (const reward of rankUpRewards(rank, next, peak)) {
        // The life's own record of ranks held says what a regain is, not the rule under test.
        if (reward.rank <= peak) life.regains.push({ rank: reward.rank, monthBuy });
        if (reward.bonusPoint > 0 || reward.card) life.paid.push(reward.rank);
        life.bonusPoints += reward.bonusPoint;
        if (reward.card) life.cards++;
      }
      rankedUp ||= next > rank;
      rank = next;
      peak = Math.max(peak, rank);
    }
    const m = maintenanceOf({ rank, monthBuy, bought: false, rankedUp });
    const bought = month.coins && m.offered;
    if (bought) life.coins += m.coins;
    rank = monthEndRank(rank, m.isMaintained || bought);
  }
  return life;
}

const monthArb = fc.record({
  payments: fc.array(fc.constantFrom(500, 1_000, 3_000, 10_000, 30_000, 50_000), { maxLength: 6 }),
  coins: fc.boolean(),
});
/** A member as they could stand: a peak at or above the rank, and the yen that reached the peak. */
const startArb = fc
  .record({ rank: fc.integer({ min: 1, max: TOP_RANK }), above: fc.integer({ min: 0, max: 6 }) })
  .chain(({ rank, above }) => {
    const peak = Math.min(TOP_RANK, rank + above);
    const reached = peak > 1 ? rankDefinition(peak - 1).rankUpCount : 0;
    return fc.integer({ min: 0, max: 200_000 }).map((extra) => ({ rank, peak, totalBuy: reached + extra }));
  });

describe('rank rises (ADR 0035)', () => {
  it('a first rise follows total_buy alone, as before', () => {
    const first = (rank: number, totalBuy: number) => rankAfterPayment({ rank, peak: rank, totalBuy, monthBuy: 0 });
    expect(first(1, 9_999)).toBe(1);
    expect(first(1, 10_000)).toBe(2);
    expect(first(1, 150_000)).toBe(4);
    expect(first(7, 99_999_999)).toBe(7);
    expect(first(5, 0)).toBe(5);
  });

  it('a lost rank comes back only with its keep amount paid in the month', () => {
    const back = (monthBuy: number) => rankAfterPayment({ rank: 2, peak: 3, totalBuy: 60_000, monthBuy });
    expect(back(500)).toBe(2);
    expect(back(keepAmount(3) - 1)).toBe(2);
    expect(back(keepAmount(3))).toBe(3);
    // Past the old peak the first-rise rule applies again: 4 needs 150,000 in total, not 30,000 in the month.
    expect(rankAfterPayment({ rank: 2, peak: 3, totalBuy: 150_000, monthBuy: keepAmount(3) })).toBe(4);
    expect(rankUpRewards(2, 4, 3)).toEqual([
      { rank: 3, bonusPoint: 0, card: false, regained: true },
      { rank: 4, bonusPoint: RANK_UP_BONUS[4], card: false, regained: false },
    ]);
    expect(rankUpRewards(6, 7, 7)).toEqual([{ rank: 7, bonusPoint: 0, card: false, regained: true }]);
  });

  it('a payment never lowers a rank, and each step taken met its rule', () => {
    fc.assert(
      fc.property(startArb, fc.integer({ min: 0, max: 400_000 }), (s, monthBuy) => {
        const next = rankAfterPayment({ ...s, monthBuy });
        expect(next).toBeGreaterThanOrEqual(s.rank);
        expect(next).toBeLessThanOrEqual(TOP_RANK);
        for (let r = s.rank + 1; r <= next; r++) {
          expect(s.totalBuy).toBeGreaterThanOrEqual(rankDefinition(r - 1).rankUpCount);
          if (r <= s.peak) expect(monthBuy).toBeGreaterThanOrEqual(keepAmount(r));
        }
      }),
    );
  });

  it('over any months, each rank-up bonus and the rank-7 card are paid at most once', () => {
    fc.assert(
      fc.property(startArb, fc.array(monthArb, { maxLength: 8 }), (start, months) => {
        const life = live(start, months);
        expect(new Set(life.paid).size).toBe(life.paid.length);
        expect(life.paid.every((r) => r > start.peak)).toBe(true);
        expect(life.cards).toBeLessThanOrEqual(start.peak < TOP_RANK ? 1 : 0);
      }),
    );
  });

  it('a regained rank cost its month at least the keep amount, what keeping it would have cost', () => {
    fc.assert(
      fc.property(startArb, fc.array(monthArb, { maxLength: 8 }), (start, months) => {
        for (const regain of live(start, months).regains) {
          expect(regain.monthBuy).toBeGreaterThanOrEqual(keepAmount(regain.rank));
        }
      }),
    );
  });

  it('letting a rank lapse instead of buying its maintenance never yields more bonus', () => {
    fc.assert(
      fc.property(startArb, fc.array(monthArb, { minLength: 1, maxLength: 8 }), fc.nat(), (start, months, i) => {
        const k = i % months.length;
        const with_ = (coins: boolean) => months.map((m, j) => (j === k ? { ...m, coins } : m));
        const kept = live(start, with_(true));
        const lapsed = live(start, with_(false));
        expect(lapsed.bonusPoints).toBeLessThanOrEqual(kept.bonusPoints);
        expect(lapsed.cards).toBeLessThanOrEqual(kept.cards);
      }),
    );
  });
});
