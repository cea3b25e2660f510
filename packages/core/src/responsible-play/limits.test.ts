import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applicableLimit,
  COOL_OFF_CHOICES,
  DAY_MS,
  effectiveOwnLimit,
  extendCoolOff,
  NO_OWN_LIMIT,
  purchaseDecision,
  RAISE_DELAY_MS,
  remainingThisMonth,
  requestOwnLimit,
  type OwnLimit,
} from './limits.ts';

const t0 = new Date('2026-11-01T00:00:00Z');
const at = (ms: number) => new Date(t0.getTime() + ms);
const limitValue = fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: null });
const moment = fc.integer({ min: 0, max: 60 * DAY_MS });
/** null (no limit) compares above every number. */
const le = (a: number | null, b: number | null) => b === null || (a !== null && a <= b);

/** Any history of requests, applied in time order. */
const history = fc.array(fc.tuple(moment, limitValue), { maxLength: 8 }).map((steps) => {
  let s: OwnLimit = NO_OWN_LIMIT;
  const sorted = [...steps].sort((a, b) => a[0] - b[0]);
  for (const [ms, v] of sorted) s = requestOwnLimit(s, v, at(ms));
  return { s, last: sorted.at(-1)?.[0] ?? 0 };
});

describe('own monthly limit', () => {
  it('a lower limit applies at once', () => {
    fc.assert(
      fc.property(history, limitValue, moment, ({ s, last }, v, d) => {
        const now = at(last + d);
        const before = effectiveOwnLimit(s, now);
        fc.pre(v !== null && (before === null || v < before));
        expect(effectiveOwnLimit(requestOwnLimit(s, v, now), now)).toBe(v);
      }),
    );
  });

  it('a raise or removal never takes effect before 7 days, and does after', () => {
    fc.assert(
      fc.property(history, limitValue, moment, fc.integer({ min: 0, max: 2 * RAISE_DELAY_MS }), (h, v, d, later) => {
        const now = at(h.last + d);
        const before = effectiveOwnLimit(h.s, now);
        const next = requestOwnLimit(h.s, v, now);
        const then = at(h.last + d + later);
        if (later < RAISE_DELAY_MS) expect(le(effectiveOwnLimit(next, then), before)).toBe(true);
        else expect(effectiveOwnLimit(next, then)).toBe(v);
      }),
    );
  });

  it('the pending raise is shown with its date, 7 days from the request', () => {
    const s = requestOwnLimit({ limit: 10_000, pending: null }, 30_000, t0);
    expect(s).toEqual({ limit: 10_000, pending: { limit: 30_000, effectiveAt: at(RAISE_DELAY_MS) } });
    expect(effectiveOwnLimit(s, at(RAISE_DELAY_MS - 1))).toBe(10_000);
    expect(effectiveOwnLimit(s, at(RAISE_DELAY_MS))).toBe(30_000);
    // Lowering meanwhile drops the waiting raise.
    expect(requestOwnLimit(s, 5_000, at(DAY_MS))).toEqual({ limit: 5_000, pending: null });
  });
});

describe('cool-off', () => {
  it('can never be shortened', () => {
    fc.assert(
      fc.property(
        fc.option(moment, { nil: null }),
        fc.constantFrom(...COOL_OFF_CHOICES),
        moment,
        (until, period, now) => {
          const current = until === null ? null : at(until);
          const next = extendCoolOff(current, period, at(now));
          expect(next.getTime()).toBeGreaterThanOrEqual(current?.getTime() ?? 0);
          expect(next.getTime()).toBeGreaterThan(at(now).getTime());
        },
      ),
    );
  });
});

describe('purchaseDecision', () => {
  it('allows a purchase iff not in cool-off and month total + amount <= the smallest limit', () => {
    fc.assert(
      fc.property(
        limitValue,
        history,
        fc.option(moment, { nil: null }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        moment,
        (band, h, cool, monthTotal, amount, d) => {
          const now = at(h.last + d);
          const coolOffUntil = cool === null ? null : at(cool);
          const decision = purchaseDecision({ bandCap: band, own: h.s, coolOffUntil, monthTotal, now }, amount);
          const limit = applicableLimit(band, effectiveOwnLimit(h.s, now));
          const cooling = coolOffUntil !== null && now < coolOffUntil;
          expect(decision.ok).toBe(!cooling && (limit === null || monthTotal + amount <= limit));
          if (!decision.ok && decision.reason === 'limit') {
            expect(decision.limit).toBe(limit);
            expect(decision.monthTotal).toBe(monthTotal);
            expect(remainingThisMonth(limit, monthTotal)).toBeLessThan(amount);
          }
        },
      ),
    );
  });

  it('names the age band when its cap is the one reached', () => {
    const d = purchaseDecision(
      { bandCap: 20_000, own: NO_OWN_LIMIT, coolOffUntil: null, monthTotal: 18_000, now: t0 },
      3_000,
    );
    expect(d).toEqual({ ok: false, reason: 'limit', limit: 20_000, monthTotal: 18_000, by: 'age' });
  });
});
