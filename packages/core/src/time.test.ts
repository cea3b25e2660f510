import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokyoParts } from './time.ts';

describe('tokyoParts', () => {
  it('read the same calendar and clock as Intl in Asia/Tokyo', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Tokyo',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'short',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const p = Object.fromEntries(intl.formatToParts(new Date(ms)).map((x) => [x.type, x.value]));
        expect(tokyoParts(new Date(ms))).toEqual({
          year: Number(p.year),
          month: Number(p.month),
          day: Number(p.day),
          weekday: weekdays.indexOf(p.weekday!),
          hour: Number(p.hour),
          minute: Number(p.minute),
        });
      }),
      { numRuns: 2000 },
    );
  });
});
