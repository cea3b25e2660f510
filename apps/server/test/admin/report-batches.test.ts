import { describe, expect, it } from 'vitest';
import { prefetched } from '../../src/services/admin/operations/reports.ts';

describe('monthly CSV batches', () => {
  it('asks for the next batch as soon as one arrives, before that one is written out, and stops on an empty one', async () => {
    const asked: number[] = [];
    const pages = [[1, 2], [3, 4], [5], []];
    const batches = prefetched(
      async (after: number) => {
        asked.push(after);
        return pages.shift() ?? [];
      },
      0,
      (n) => n,
    );
    const seen: number[][] = [];
    for await (const batch of batches) {
      // The database is already reading the following batch while this one is turned into CSV.
      expect(asked.at(-1)).toBe(batch.at(-1));
      seen.push(batch);
    }
    expect(seen).toEqual([[1, 2], [3, 4], [5]]);
    expect(asked).toEqual([0, 2, 4, 5]);
  });
});
