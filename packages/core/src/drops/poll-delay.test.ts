import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MOMENT_SPREAD_MS,
  POLL_MAX_MS,
  POLL_MIN_MS,
  pollDelayMs,
  START_SPREAD_MS,
  type PollState,
} from './poll-delay.ts';

const timed: PollState[] = ['not_open', 'prequeue', 'waiting', 'admitted'];

describe('when a waiting page polls again', () => {
  it('never polls faster than 2 s nor slower than 30 s + the spread, and never skips past its moment by more than the spread', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...timed),
        fc.integer({ min: -5_000, max: 3_600_000 }),
        fc.double({ min: 0, max: 0.999999, noNaN: true }),
        (state, until, jitter) => {
          const ms = pollDelayMs(state, until, jitter);
          const spread = state === 'prequeue' ? START_SPREAD_MS : MOMENT_SPREAD_MS;
          expect(ms).toBeGreaterThanOrEqual(POLL_MIN_MS);
          expect(ms).toBeLessThanOrEqual(POLL_MAX_MS + spread);
          expect(ms).toBeLessThanOrEqual(Math.max(POLL_MIN_MS, until) + spread);
        },
      ),
    );
  });

  it('backs off with the distance from the moment', () => {
    expect(pollDelayMs('waiting', 10 * 60_000, 0)).toBe(POLL_MAX_MS);
    expect(pollDelayMs('waiting', 60_000, 0)).toBe(30_000);
    expect(pollDelayMs('waiting', 20_000, 0)).toBe(10_000);
    // A two-minute wait: polls after 30, 60, 90, 105 and 112.5 s, then just after the admission (a quarter: 11).
    let left = 120_000;
    const polls: number[] = [];
    while (left > 0) {
      const ms = pollDelayMs('waiting', left, 0);
      polls.push(ms);
      left -= ms;
    }
    expect(polls).toEqual([30_000, 30_000, 30_000, 15_000, 7_500, 7_500]);
    // Close: once, just after the admission.
    expect(pollDelayMs('waiting', 6_000, 0.5)).toBe(6_000 + MOMENT_SPREAD_MS / 2);
  });

  it('spreads the pre-queue over the seconds after the start', () => {
    const delays = [0, 0.25, 0.5, 0.75, 0.99].map((j) => pollDelayMs('prequeue', 1_000, j));
    expect(delays[0]).toBe(POLL_MIN_MS);
    expect(delays.at(-1)).toBe(1_000 + Math.floor(0.99 * START_SPREAD_MS));
    expect(new Set(delays).size).toBe(delays.length);
  });

  it('polls soon while joining and rarely once the admission lapsed', () => {
    expect(pollDelayMs('outside', 0, 0.9)).toBe(POLL_MIN_MS);
    expect(pollDelayMs('expired', 0, 0.9)).toBe(POLL_MAX_MS);
  });
});
