import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packEconomics, returnRateWarning, roundDiv, type EconomicsLine } from './economics.ts';

const rank = fc.constantFrom('S' as const, 'A' as const, 'B' as const, 'C' as const);
const line = fc.record({
  rank,
  count: fc.integer({ min: 0, max: 5_000 }),
  value: fc.integer({ min: 0, max: 2_000_000 }),
});
const lines = fc.array(line, { maxLength: 40 });
const price = fc.integer({ min: 0, max: 1_000_000 });

const lineupValue = (ls: readonly EconomicsLine[]) => ls.reduce((s, l) => s + l.count * l.value, 0);

describe('packEconomics', () => {
  it('EV per draw × tickets is the lineup value, within the rounding of one draw', () => {
    fc.assert(
      fc.property(lines, price, (ls, p) => {
        const e = packEconomics({ lines: ls, price: p, lastOneValue: null });
        expect(e.lineupValue).toBe(lineupValue(ls));
        if (e.tickets === 0) expect(e.evPerDraw).toBeNull();
        else expect(Math.abs(e.evPerDraw! * e.tickets - e.lineupValue)).toBeLessThanOrEqual(e.tickets / 2);
      }),
    );
  });

  it('the return rate never rises as the price rises', () => {
    fc.assert(
      fc.property(lines, price, price, (ls, a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        const rLo = packEconomics({ lines: ls, price: lo, lastOneValue: null }).returnRateBp;
        const rHi = packEconomics({ lines: ls, price: hi, lastOneValue: null }).returnRateBp;
        if (rLo !== null && rHi !== null) expect(rHi).toBeLessThanOrEqual(rLo);
      }),
    );
  });

  it('has no NaN or infinity anywhere, with 0 tickets, 0 price or half-typed counts', () => {
    const odd = fc.record({
      rank,
      count: fc.constantFrom(0, -3, Number.NaN, 1.5, 2),
      value: fc.constantFrom(0, NaN, 7),
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(line, odd), { maxLength: 10 }), fc.constantFrom(0, NaN, -1, 300), (ls, p) => {
        const e = packEconomics({ lines: ls, price: p, lastOneValue: Number.NaN });
        const numbers = JSON.stringify(e).match(/-?[\d.e+]+|NaN|Infinity|null/g) ?? [];
        expect(numbers).not.toContain('NaN');
        for (const v of [e.tickets, e.lineupValue, e.takings, e.margin, e.lastOneValue])
          expect(Number.isFinite(v)).toBe(true);
      }),
    );
    expect(packEconomics({ lines: [], price: 500, lastOneValue: null })).toMatchObject({
      tickets: 0,
      evPerDraw: null,
      returnRateBp: null,
      margin: 0,
      lastOneShareBp: null,
    });
  });

  it('ranks add up to the whole: tickets, value, and shares to 100 % within rounding', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const e = packEconomics({ lines: ls, price: 100, lastOneValue: null });
        expect(e.byRank.reduce((s, r) => s + r.tickets, 0)).toBe(e.tickets);
        expect(e.byRank.reduce((s, r) => s + r.value, 0)).toBe(e.lineupValue);
        if (e.lineupValue > 0) {
          const shares = e.byRank.reduce((s, r) => s + r.valueShareBp!, 0);
          expect(Math.abs(shares - 10_000)).toBeLessThanOrEqual(2);
        }
      }),
    );
  });

  it('margin is takings less every card given, the last-one prize included', () => {
    fc.assert(
      fc.property(lines, price, fc.integer({ min: 0, max: 1_000_000 }), (ls, p, last) => {
        const e = packEconomics({ lines: ls, price: p, lastOneValue: last });
        expect(e.takings).toBe(p * e.tickets);
        expect(e.margin).toBe(e.takings - e.lineupValue - last);
      }),
    );
  });

  it('works a known pack through by hand', () => {
    // 100 tickets at 1,000: S 1 × 30,000, A 9 × 3,000, C 90 × 300 → value 84,000, EV 840, 84.0 %.
    const e = packEconomics({
      lines: [
        { rank: 'S', count: 1, value: 30_000 },
        { rank: 'A', count: 9, value: 3_000 },
        { rank: 'C', count: 90, value: 300 },
      ],
      price: 1_000,
      lastOneValue: 16_000,
    });
    expect(e).toMatchObject({ tickets: 100, lineupValue: 84_000, evPerDraw: 840, returnRateBp: 8_400 });
    expect(e.takings).toBe(100_000);
    expect(e.margin).toBe(0);
    expect(e.lastOneShareBp).toBe(1_600);
    expect(e.byRank.map((r) => [r.rank, r.tickets, r.ticketShareBp, r.value, r.valueShareBp])).toEqual([
      ['S', 1, 100, 30_000, 3_571],
      ['A', 9, 900, 27_000, 3_214],
      ['B', 0, 0, 0, 0],
      ['C', 90, 9_000, 27_000, 3_214],
    ]);
    expect(returnRateWarning(e, { minBp: 5_000, maxBp: 8_000 })).toBe('returnRateHigh');
    expect(returnRateWarning(e, { minBp: 8_500, maxBp: 9_500 })).toBe('returnRateLow');
    expect(returnRateWarning(e, { minBp: 8_400, maxBp: 8_400 })).toBeNull();
  });

  it('rounds half up exactly, even past 2^53 on the way', () => {
    expect(roundDiv(5, 2)).toBe(3);
    expect(roundDiv(4, 3)).toBe(1);
    expect(roundDiv(2_000_000_000_000, 3, 10_000)).toBe(6_666_666_666_666_667);
  });
});
