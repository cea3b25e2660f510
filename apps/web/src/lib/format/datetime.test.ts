import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateOnly, historyDate } from './date-only';
import { countdownParts, dateTime, num, tokyoIso } from './datetime';
import { relativeTime } from './relative-time';

describe('dates and times in Asia/Tokyo', () => {
  // 2026-11-24 22:37 UTC is Wednesday 25 November 7:37 in Tokyo.
  const wire = '2026-11-25 07:37:00';

  it('shows the day, weekday and time the Japanese and the English way', () => {
    expect(dateTime(wire, 'ja')).toBe('11月25日(水) 7:37');
    expect(dateTime(wire, 'en')).toBe('Wed, 25 Nov 7:37 JST');
    expect(dateTime(new Date('2026-11-24T22:37:00Z'), 'en')).toBe('Wed, 25 Nov 7:37 JST');
    expect(dateOnly(wire, 'ja')).toBe('2026年11月25日(水)');
    expect(dateOnly(wire, 'en')).toBe('Wed, 25 Nov 2026');
    // Midnight and the first minutes of an hour, a new year in Tokyo while it is still the old one in UTC.
    expect(dateTime('2027-01-01 00:05:00', 'ja')).toBe('1月1日(金) 0:05');
    expect(dateTime(new Date('2026-12-31T15:05:00Z'), 'en')).toBe('Fri, 1 Jan 0:05 JST');
    expect(dateOnly('2027-01-01 00:05:00', 'ja')).toBe('2027年1月1日(金)');
  });

  it('draws what Intl draws in Asia/Tokyo, at any instant', () => {
    const intl = (locale: string, options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat(locale, { ...options, timeZone: 'Asia/Tokyo' });
    const jaTime = intl('ja-JP', {
      month: 'long',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: '2-digit',
    });
    const jaDate = intl('ja-JP', { year: 'numeric', month: 'long', day: 'numeric', weekday: 'short' });
    const enParts = (d: Date, options: Intl.DateTimeFormatOptions) =>
      Object.fromEntries(
        intl('en-GB', options)
          .formatToParts(d)
          .map((x) => [x.type, x.value]),
      );
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const d = new Date(ms);
        expect(dateTime(d, 'ja')).toBe(jaTime.format(d));
        expect(dateOnly(d, 'ja')).toBe(jaDate.format(d));
        const t = enParts(d, { month: 'short', day: 'numeric', weekday: 'short', hour: 'numeric', minute: '2-digit' });
        // Newer ICU (CLDR 38+) writes September "Sept" in en-GB and older ones "Sep"; the page writes "Sep" on both
        // sides, so the server's render and the browser's never differ in September.
        const month = t.month === 'Sept' ? 'Sep' : t.month;
        expect(dateTime(d, 'en')).toBe(`${t.weekday}, ${t.day} ${month} ${t.hour}:${t.minute} JST`);
        const y = enParts(d, { year: '2-digit', month: '2-digit', day: '2-digit' });
        expect(historyDate(d)).toBe(`${y.year}/${y.month}/${y.day}`);
      }),
      { numRuns: 1000 },
    );
  });

  it('dates history rows yy/mm/dd in Tokyo, with the instant for <time dateTime>', () => {
    expect(historyDate(wire)).toBe('26/11/25');
    // 2026-11-24 15:30 UTC is already the 25th in Tokyo.
    expect(historyDate(new Date('2026-11-24T15:30:00Z'))).toBe('26/11/25');
    expect(historyDate('2027-01-05 00:00:00')).toBe('27/01/05');
    expect(tokyoIso(wire)).toBe('2026-11-25T07:37:00+09:00');
  });

  it('keeps an unreadable value as it came', () => {
    expect(dateTime('soon', 'ja')).toBe('soon');
  });

  it('says how far away a time is in its largest unit', () => {
    const now = Date.parse('2026-11-24T23:37:00Z');
    expect(relativeTime('2026-11-26 07:37:00', 'en', now)).toBe('in 23 hours');
    expect(relativeTime('2026-11-26 07:37:00', 'ja', now)).toBe('あと23時間');
    expect(relativeTime('2026-11-25 08:32:00', 'ja', now)).toBe('5分前');
    expect(relativeTime('2026-11-28 08:37:00', 'en', now)).toBe('in 3 days');
    expect(relativeTime('2026-11-25 08:32:00', 'en', now)).toBe('5 minutes ago');
  });
});

describe('countdown parts', () => {
  it('splits days from the clock', () => {
    expect(countdownParts(2 * 86_400_000 + (3 * 3600 + 15 * 60 + 9) * 1000, 0)).toEqual({
      days: 2,
      clock: '03:15:09',
    });
    expect(countdownParts(59_000, 0)).toEqual({ days: 0, clock: '00:00:59' });
    expect(countdownParts(1000, 1000)).toBeNull();
  });

  it('adds back up to the seconds left, whatever they are', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 400 * 86_400 }), (seconds) => {
        const parts = countdownParts(seconds * 1000, 0)!;
        const [h, m, s] = parts.clock.split(':').map(Number) as [number, number, number];
        expect(h).toBeLessThan(24);
        expect(parts.days * 86_400 + h * 3600 + m * 60 + s).toBe(seconds);
      }),
    );
  });
});

it('puts separators in numbers', () => {
  expect(num(1234567)).toBe('1,234,567');
  expect(num('50000')).toBe('50,000');
  expect(num(undefined)).toBe('0');
});
