import { describe, expect, it } from 'vitest';
import { startTestShop } from '../apps/server/test/test-shop.ts';
import { SIMULATION_PROXY } from './simulate/client.ts';
import { figuresTable, simulate } from './simulate/run.ts';

// A short simulated month (npm run simulate's, scaled down): 8 members over the last days of March, founders who
// bought their ranks at the end of February, the month end and the unused-balance base date in between.
describe('npm run simulate, a short run', () => {
  it('ends with every business invariant OK, each having examined something', { timeout: 400_000 }, async () => {
    const shop = await startTestShop({ TRUST_PROXY: SIMULATION_PROXY });
    const lines: string[] = [];
    try {
      const result = await simulate({
        ctx: shop.ctx,
        baseUrl: shop.baseUrl,
        databaseUrl: shop.databaseUrl,
        days: 3,
        members: 8,
        seed: 7,
        prologueDays: 31,
        log: (l) => lines.push(l),
      });
      const failed = result.invariants.filter((i) => !i.ok).map((i) => `${i.name}: ${i.detail}`);
      expect(failed, [...lines, ...figuresTable(result.figures)].join('\n')).toEqual([]);
      expect(result.invariants).toHaveLength(7);
      for (const i of result.invariants) expect(i.examined, i.name).toBeGreaterThan(0);
      // The month did what it is for: members joined, paid, drew, and a founder's rank lapsed at the month end.
      const f = result.figures;
      expect(f.get('registrations')).toBe(8);
      expect(f.get('point purchases by card')).toBeGreaterThan(0);
      expect(f.get('cards drawn')).toBeGreaterThan(0);
      expect(f.get('job rows: rank-month-end')).toBeGreaterThan(0);
    } finally {
      await shop.close();
    }
  });
});
