import { describe, expect, it } from 'vitest';
import { tokyoDay, tokyoMonth } from '../time.ts';
import { dailyPrizeIndex, dailySeedCommitment } from './draw.ts';
import { DAILY_PRIZE_TABLE, prizeTableDigest, totalWeight } from './prize-table.ts';

describe('daily draw', () => {
  it('the Tokyo day and month turn at 15:00 UTC', () => {
    expect(tokyoDay(new Date('2026-11-30T14:59:59Z'))).toBe('2026-11-30');
    expect(tokyoDay(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12-01');
    expect(tokyoMonth(new Date('2026-11-30T15:00:00Z'))).toBe('2026-12');
  });

  it('follows the table weights over many members (2,000 P about 1 in 100)', () => {
    const seed = '5a'.repeat(32);
    const counts = DAILY_PRIZE_TABLE.map(() => 0);
    const n = 50_000;
    for (let id = 1; id <= n; id++) counts[dailyPrizeIndex(seed, id, DAILY_PRIZE_TABLE)]!++;
    const total = totalWeight(DAILY_PRIZE_TABLE);
    DAILY_PRIZE_TABLE.forEach((p, i) => {
      const expected = (n * p.weight) / total;
      // Well inside 5 standard deviations of a binomial count.
      expect(Math.abs(counts[i]! - expected)).toBeLessThan(5 * Math.sqrt(expected) + 1);
    });
  });

  it('is a fixed function of the seed, and the commitment and table digest are stable', () => {
    const seed = '01'.repeat(32);
    expect(dailyPrizeIndex(seed, 42, DAILY_PRIZE_TABLE)).toBe(dailyPrizeIndex(seed, 42, DAILY_PRIZE_TABLE));
    expect(dailySeedCommitment(seed)).toMatch(/^[0-9a-f]{64}$/);
    expect(prizeTableDigest(DAILY_PRIZE_TABLE)).not.toBe(prizeTableDigest([{ point: 2000, weight: 11 }]));
  });
});
