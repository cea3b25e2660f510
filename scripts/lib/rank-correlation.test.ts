import { describe, expect, it } from 'vitest';
import { averageRanks, spearman } from './rank-correlation.ts';

describe("Spearman's rank correlation", () => {
  it('is 1 for the same order, -1 for the reverse, whatever the scale', () => {
    expect(spearman([1, 2, 3, 4, 5], [10, 20, 300, 4000, 50000])).toBeCloseTo(1, 12);
    expect(spearman([1, 2, 3, 4, 5], [5, 4, 3, 2, 1])).toBeCloseTo(-1, 12);
  });

  it('gives tied values their average rank, so a tie is not read as an order', () => {
    expect(averageRanks([7, 3, 7, 1])).toEqual([2.5, 1, 2.5, 0]);
    // Arrivals in two tied groups against places in any order within them: the ties carry no correlation.
    const at = [0, 0, 0, 0, 1, 1, 1, 1];
    expect(spearman(at, [1, 2, 3, 4, 5, 6, 7, 8])).toBeCloseTo(spearman(at, [4, 3, 2, 1, 8, 7, 6, 5]), 12);
    expect(spearman([5, 5, 5], [1, 2, 3])).toBe(0);
  });

  it('is near 0 for a random order of many', () => {
    const n = 20_000;
    const at = Array.from({ length: n }, (_, i) => Math.floor(i / 7)); // ties, as milliseconds have
    const place = Array.from({ length: n }, (_, i) => i + 1);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [place[i], place[j]] = [place[j]!, place[i]!];
    }
    expect(Math.abs(spearman(at, place))).toBeLessThan(0.05);
  });
});
