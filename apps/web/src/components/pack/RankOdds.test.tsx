import type { LineupCard, Rank } from '@oripa/core';
import { describe, expect, it } from 'vitest';
import { rankOdds } from './RankOdds';

const cards = (counts: number[]) => counts.map((set_count, i) => ({ id: i, set_count }) as LineupCard);

describe('the per-rank odds table', () => {
  it('gives remaining / total per rank and the next draw’s chance from what is left', () => {
    const lineup = { S: cards([1]), A: cards([2, 1]), B: cards([6]), C: [] } as Record<Rank, LineupCard[]>;
    const rows = rankOdds(lineup, { S: 1, A: 1, B: 2, C: 0 });
    expect(rows).toEqual([
      { rank: 'S', left: 1, total: 1, chance: 0.25 },
      { rank: 'A', left: 1, total: 3, chance: 0.25 },
      { rank: 'B', left: 2, total: 6, chance: 0.5 },
    ]);
    expect(rankOdds(lineup, { S: 0, A: 0, B: 0, C: 0 }).every((r) => r.chance === 0)).toBe(true);
  });
});
