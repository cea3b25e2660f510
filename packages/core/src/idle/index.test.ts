import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTokyo, parseTokyo } from '../time.ts';
import {
  idleClosureDate,
  idleNoticeCandidatesUntil,
  idleNoticeDate,
  isIdleActivity,
  isIdleNoticeDue,
  promisedClosureDate,
} from './index.ts';

const at = (tokyo: string) => parseTokyo(tokyo);
const closes = (tokyo: string) => formatTokyo(idleClosureDate(at(tokyo)));

describe('idle closure dates (6 calendar months in Tokyo time)', () => {
  it('keeps the day and the time of day', () => {
    expect(closes('2026-01-15 10:30:00')).toBe('2026-07-15 10:30:00');
    expect(closes('2026-09-01 00:00:00')).toBe('2027-03-01 00:00:00');
  });

  it('clamps a month end to the shorter month, in Tokyo (not UTC) calendar terms', () => {
    expect(closes('2026-08-31 12:00:00')).toBe('2027-02-28 12:00:00');
    expect(closes('2027-08-31 12:00:00')).toBe('2028-02-29 12:00:00'); // leap year
    expect(closes('2026-12-31 23:59:59')).toBe('2027-06-30 23:59:59');
    expect(closes('2026-05-31 08:00:00')).toBe('2026-11-30 08:00:00');
    // 00:30 JST on 31 Aug is still 30 Aug in UTC: the Tokyo date decides.
    expect(closes('2026-08-31 00:30:00')).toBe('2027-02-28 00:30:00');
  });

  it('from a leap day lands on the 29th, six months later', () => {
    expect(closes('2028-02-29 09:00:00')).toBe('2028-08-29 09:00:00');
  });

  it('mails 30 days before: across a year end and a leap February', () => {
    expect(formatTokyo(idleNoticeDate(at('2026-07-20 10:00:00')))).toBe('2026-12-21 10:00:00');
    expect(formatTokyo(idleNoticeDate(at('2027-09-15 10:00:00')))).toBe('2028-02-14 10:00:00');
    expect(formatTokyo(idleNoticeDate(at('2028-09-15 10:00:00')))).toBe('2029-02-13 10:00:00');
  });

  it('is due for its notice exactly at 30 days before, not a second earlier', () => {
    const last = at('2026-03-10 12:00:00');
    const notice = idleNoticeDate(last);
    expect(isIdleNoticeDue(last, new Date(notice.getTime() - 1000))).toBe(false);
    expect(isIdleNoticeDue(last, notice)).toBe(true);
  });

  it('promises the idle date, or 30 days after a late mail', () => {
    const last = at('2026-03-10 12:00:00');
    expect(formatTokyo(promisedClosureDate(last, idleNoticeDate(last)))).toBe('2026-09-10 12:00:00');
    expect(formatTokyo(promisedClosureDate(last, at('2027-01-01 09:00:00')))).toBe('2027-01-31 09:00:00');
  });

  it('counts only the three activities of the spec', () => {
    expect(['point_purchase', 'pack_purchase', 'exchange'].every(isIdleActivity)).toBe(true);
    for (const other of ['coin_purchase', 'conversion', 'partner_transfer', 'staff_adjustment', 'sms_bonus']) {
      expect(isIdleActivity(other)).toBe(false);
    }
  });
});

// Instants from 2020 to 2040, to the second.
const instant = fc
  .integer({ min: Date.UTC(2020, 0, 1) / 1000, max: Date.UTC(2040, 0, 1) / 1000 })
  .map((s) => new Date(s * 1000));

describe('idle dates, properties', () => {
  it('a later activity never closes sooner (the job claims members oldest activity first)', () => {
    fc.assert(
      fc.property(instant, instant, (a, b) => {
        const [x, y] = a <= b ? [a, b] : [b, a];
        expect(idleClosureDate(x).getTime()).toBeLessThanOrEqual(idleClosureDate(y).getTime());
      }),
    );
  });

  it('six months last 181 to 184 days', () => {
    fc.assert(
      fc.property(instant, (x) => {
        const days = (idleClosureDate(x).getTime() - x.getTime()) / 86400_000;
        expect(days).toBeGreaterThanOrEqual(181);
        expect(days).toBeLessThanOrEqual(184);
      }),
    );
  });

  it('a member due for its notice is always inside the index bound', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 400 * 86400 }), (last, afterS) => {
        const now = new Date(last.getTime() + afterS * 1000);
        if (isIdleNoticeDue(last, now)) {
          expect(last.getTime()).toBeLessThanOrEqual(idleNoticeCandidatesUntil(now).getTime());
        }
      }),
    );
  });

  it('the promised closure is never before the idle date nor within 30 days of the mail', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: 0, max: 400 * 86400 }), (last, afterS) => {
        const sent = new Date(last.getTime() + afterS * 1000);
        const promised = promisedClosureDate(last, sent).getTime();
        expect(promised).toBeGreaterThanOrEqual(idleClosureDate(last).getTime());
        expect(promised - sent.getTime()).toBeGreaterThanOrEqual(30 * 86400_000);
      }),
    );
  });
});
