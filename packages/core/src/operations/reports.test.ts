import { describe, expect, it } from 'vitest';
import {
  baseDatesBefore,
  depositRequirement,
  endOfTokyoDay,
  tokyoMonthRange,
  unusedBalanceFigures,
} from './reports.ts';

describe('unused-balance report rules', () => {
  it('lists the base dates that have ended, newest first, in Tokyo time', () => {
    expect(baseDatesBefore(new Date('2026-11-24T03:00:00Z'), 3)).toEqual(['2026-09-30', '2026-03-31', '2025-09-30']);
    // 30 Sept 23:00 JST has not ended yet; 1 Oct 00:00 JST has.
    expect(baseDatesBefore(new Date('2026-09-30T14:00:00Z'), 1)).toEqual(['2026-03-31']);
    expect(baseDatesBefore(new Date('2026-09-30T15:00:00Z'), 1)).toEqual(['2026-09-30']);
    expect(baseDatesBefore(new Date('2026-02-01T00:00:00Z'), 2)).toEqual(['2025-09-30', '2025-03-31']);
  });

  it('asks a deposit of half the balance only above 10 million yen', () => {
    expect(depositRequirement(10_000_000)).toBe(0);
    expect(depositRequirement(10_000_001)).toBe(5_000_001);
    expect(depositRequirement(24_000_000)).toBe(12_000_000);
  });

  it('values paid points only, and says whether they cross the ¥10,000,000 threshold', () => {
    expect(unusedBalanceFigures({ paid_points: 10_000_000, free_points: 9_000_000, coins: 5 })).toEqual({
      paid_points: 10_000_000,
      free_points: 9_000_000,
      coins: 5,
      unused_yen: 10_000_000,
      over_threshold: false,
      deposit_yen: 0,
    });
    expect(unusedBalanceFigures({ paid_points: 10_000_001, free_points: 0, coins: 0 })).toMatchObject({
      over_threshold: true,
      deposit_yen: 5_000_001,
    });
  });

  it('bounds days and months in Tokyo time', () => {
    expect(endOfTokyoDay('2026-03-31').toISOString()).toBe('2026-03-31T15:00:00.000Z');
    expect(tokyoMonthRange('2026-12')).toEqual({
      from: new Date('2026-11-30T15:00:00Z'),
      to: new Date('2026-12-31T15:00:00Z'),
    });
  });
});
