import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupDigits, percent, pluralCategories, pluralCategory } from './plain-format';

// Intl is the reference: what these functions replace on the storefront's first render (plain-format.ts says why).
describe('numbers without Intl', () => {
  it('group digits as ja-JP and en-US do', () => {
    expect(groupDigits(1234567)).toBe('1,234,567');
    expect(groupDigits(-1234.5)).toBe('-1,234.5');
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999.9995)).toBe('1,000');
    expect(groupDigits(Number.NaN)).toBe('0');
  });

  it('agree with Intl for every integer and decimal, in both languages', () => {
    const ja = new Intl.NumberFormat('ja-JP');
    const en = new Intl.NumberFormat('en-US');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
          fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e25, max: 1e25 }),
          fc.integer({ min: -10_000_000, max: 10_000_000 }).map((n) => n / 10_000),
        ),
        (n) => {
          expect(groupDigits(n)).toBe(en.format(n));
          expect(groupDigits(n)).toBe(ja.format(n));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('write percentages as Intl does, two decimals at most', () => {
    const pct = new Intl.NumberFormat('ja-JP', { style: 'percent', maximumFractionDigits: 2 });
    expect(percent(0.1234)).toBe('12.34%');
    expect(percent(1 / 3)).toBe('33.33%');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), (a, b) => {
        const ratio = Math.min(a, b) / b;
        expect(percent(ratio)).toBe(pct.format(ratio));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('plural categories without Intl', () => {
  it('match Intl.PluralRules in Japanese and English', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('ja', 'en'),
        fc.oneof(fc.integer({ min: -5, max: 1000 }), fc.double({ noNaN: true, min: -5, max: 5 })),
        (lng, n) => {
          expect(pluralCategory(lng, n)).toBe(new Intl.PluralRules(lng).select(n));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('list the categories Intl.PluralRules has, in CLDR order', () => {
    const order = ['zero', 'one', 'two', 'few', 'many', 'other'];
    for (const lng of ['ja', 'en']) {
      const intl = [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort(
        (a, b) => order.indexOf(a) - order.indexOf(b),
      );
      expect(pluralCategories(lng)).toEqual(intl);
    }
  });
});
