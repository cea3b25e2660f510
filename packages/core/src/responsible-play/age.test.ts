import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokyoMonth, tokyoMonthRange } from '../time.ts';
import { ageAt, ageBand, birthMonthInFuture, isMinor, tokyoYearMonth } from './age.ts';

const jst = (iso: string) => new Date(`${iso}+09:00`);

describe('age from a birth month', () => {
  it('counts the birthday from the month after the birth month (the day is unknown)', () => {
    const born = { year: 2008, month: 11 };
    expect(ageAt(born, jst('2026-11-30T23:59:59'))).toBe(17);
    expect(ageAt(born, jst('2026-12-01T00:00:00'))).toBe(18);
    expect(isMinor(born, jst('2026-11-15T12:00:00'))).toBe(true);
  });

  it('reads the date in Tokyo: 15:00 UTC on the last day is already the next month', () => {
    const born = { year: 2010, month: 6 };
    expect(ageAt(born, new Date('2026-06-30T14:59:59Z'))).toBe(15);
    expect(ageAt(born, new Date('2026-06-30T15:00:00Z'))).toBe(16);
  });

  it('bands: under 16, 16-17, adult', () => {
    expect([15, 16, 17, 18].map(ageBand)).toEqual(['under16', 'age16to17', 'age16to17', 'adult']);
  });

  it('never makes anyone older than their real age could be, whatever their birthday in the month', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1950, max: 2025 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 28 }),
        fc.date({ min: new Date('2026-01-01Z'), max: new Date('2040-01-01Z'), noInvalidDate: true }),
        (year, month, day, at) => {
          const { year: y, month: m } = tokyoYearMonth(at);
          const dayOfMonth = new Date(at.getTime() + 9 * 3600_000).getUTCDate();
          const real = y - year - (m < month || (m === month && dayOfMonth < day) ? 1 : 0);
          const age = ageAt({ year, month }, at);
          expect(age).toBeLessThanOrEqual(real);
          expect(age).toBeGreaterThanOrEqual(real - 1);
        },
      ),
    );
  });

  it('a future birth month is refused; this month is not', () => {
    const now = jst('2026-11-27T10:00:00');
    expect(birthMonthInFuture({ year: 2026, month: 11 }, now)).toBe(false);
    expect(birthMonthInFuture({ year: 2026, month: 12 }, now)).toBe(true);
  });

  it('the Tokyo month range starts at 00:00 JST on the 1st', () => {
    const r = tokyoMonthRange(tokyoMonth(jst('2026-12-31T23:00:00')));
    expect(r.from.toISOString()).toBe('2026-11-30T15:00:00.000Z');
    expect(r.to.toISOString()).toBe('2026-12-31T15:00:00.000Z');
  });
});
