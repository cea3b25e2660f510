import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  admissionState,
  dropPhase,
  joinAction,
  lateAdmitAt,
  MINUTE_MS,
  placeStatus,
  prequeueAdmitAt,
  type DropTimes,
} from './queue-rules.ts';

const START = new Date('2026-12-01T11:00:00Z');
const drop = (admitPerMinute: number, stayMinutes = 10): DropTimes => ({
  startsAt: START,
  prequeueMinutes: 30,
  admitPerMinute,
  stayMinutes,
});
const at = (ms: number) => new Date(START.getTime() + ms);

/** Places 1..prequeue from the shuffle, then late arrivals at the given offsets, as the server assigns them. */
function admitTimes(d: DropTimes, prequeue: number, lateArrivals: number[]): Date[] {
  const out: Date[] = [];
  for (let p = 1; p <= prequeue; p++) out.push(prequeueAdmitAt(d, p));
  for (const offset of [...lateArrivals].sort((a, b) => a - b)) {
    const aheadByRate = out.length >= d.admitPerMinute ? out[out.length - d.admitPerMinute]! : null;
    out.push(lateAdmitAt(d, at(offset), aheadByRate, out.at(-1) ?? null));
  }
  return out;
}

describe('the waiting room phases', () => {
  it('opens the pre-queue the given minutes before the start and starts at the start', () => {
    const d = drop(100);
    expect(dropPhase(d, at(-30 * MINUTE_MS - 1))).toBe('not_open');
    expect(dropPhase(d, at(-30 * MINUTE_MS))).toBe('prequeue');
    expect(dropPhase(d, at(-1))).toBe('prequeue');
    expect(dropPhase(d, at(0))).toBe('started');
  });
});

describe('admission rate and order (property)', () => {
  const arb = fc.record({
    rate: fc.integer({ min: 1, max: 50 }),
    prequeue: fc.integer({ min: 0, max: 300 }),
    late: fc.array(fc.integer({ min: 0, max: 20 * MINUTE_MS }), { maxLength: 300 }),
  });

  it('admits places in order, never before the start or the arrival, and never more than the rate in a minute', () => {
    fc.assert(
      fc.property(arb, ({ rate, prequeue, late }) => {
        const d = drop(rate);
        const times = admitTimes(d, prequeue, late).map((t) => t.getTime());
        const sortedLate = [...late].sort((a, b) => a - b);
        times.forEach((t, i) => {
          expect(t).toBeGreaterThanOrEqual(START.getTime());
          if (i > 0) expect(t).toBeGreaterThanOrEqual(times[i - 1]!);
          if (i >= rate) expect(t - times[i - rate]!).toBeGreaterThanOrEqual(MINUTE_MS);
          if (i >= prequeue) expect(t).toBeGreaterThanOrEqual(at(sortedLate[i - prequeue]!).getTime());
        });
      }),
    );
  });

  it('admits the pre-queue evenly through each minute from the start: place p + rate exactly a minute after p', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: 1, max: 20_000 }), (rate, n) => {
        const d = drop(rate);
        expect(prequeueAdmitAt(d, 1)).toEqual(START);
        expect(prequeueAdmitAt(d, n + rate).getTime() - prequeueAdmitAt(d, n).getTime()).toBe(MINUTE_MS);
        // The whole pre-queue within ceil(n / rate) minutes, the places of the first minute inside it.
        expect(prequeueAdmitAt(d, n).getTime()).toBeLessThan(START.getTime() + Math.ceil(n / rate) * MINUTE_MS);
        expect(prequeueAdmitAt(d, Math.min(rate, n)).getTime()).toBeLessThan(START.getTime() + MINUTE_MS);
      }),
    );
  });

  it('admits a late arrival at once when the minute has room', () => {
    const d = drop(10);
    expect(lateAdmitAt(d, at(5 * MINUTE_MS), null, null)).toEqual(at(5 * MINUTE_MS));
    expect(lateAdmitAt(d, at(5 * MINUTE_MS), at(4.5 * MINUTE_MS), at(5 * MINUTE_MS))).toEqual(at(5.5 * MINUTE_MS));
  });
});

describe('one place per member', () => {
  it('keeps the place of a member who joins again (another tab) until the admission lapses', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: -30 * MINUTE_MS, max: 90 * MINUTE_MS }),
        fc.option(fc.integer({ min: 0, max: 60 * MINUTE_MS }), { nil: null }),
        (stay, now, admitOffset) => {
          const d = drop(5, stay);
          const admitAt = admitOffset === null ? null : at(admitOffset);
          const action = joinAction(d, { admitAt }, at(now));
          const lapsed = admitAt !== null && now >= admitOffset! + stay * MINUTE_MS;
          expect(action).toBe(lapsed ? 'rejoin' : 'keep');
        },
      ),
    );
    expect(joinAction(drop(5), null, START)).toBe('new');
  });
});

describe('what a waiting member is told', () => {
  it('counts the places ahead that are not admitted yet and the seconds to wait', () => {
    const d = drop(100, 10);
    const s = placeStatus(d, 250, at(2 * MINUTE_MS), 100, at(30_000));
    expect(s).toMatchObject({ state: 'waiting', place: 250, ahead: 149, waitSeconds: 90 });
    expect(placeStatus(d, 250, at(2 * MINUTE_MS), 200, at(2 * MINUTE_MS)).state).toBe('admitted');
    expect(admissionState(d, at(0), at(10 * MINUTE_MS))).toBe('expired');
    expect(placeStatus(d, 250, at(0), 300, at(MINUTE_MS)).expiresAt).toEqual(at(10 * MINUTE_MS));
  });
});
