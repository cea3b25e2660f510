import { describe, expect, it } from 'vitest';
import { holdUntil, RefusalBox } from './refusal-box.ts';

const CHECK = '/api/user/pack/check';
const JOIN = '/api/user/pack/drop/join';
const t0 = 1_800_000_030_000; // half a minute into a minute

describe('refusals answered before the session is read', () => {
  it('holds the same session on the same route for the reason’s while, then lets it through', () => {
    const box = new RefusalBox();
    box.refused(CHECK, 'm.a', '7', 'drop_not_admitted', t0);
    expect(box.holds(CHECK, 'm.a', '7', t0 + 4_999)).toBe(true);
    expect(box.holds(CHECK, 'm.a', '7', t0 + 5_000)).toBe(false);
    // Another session, another route: not held.
    box.refused(CHECK, 'm.a', '7', 'drop_not_admitted', t0);
    expect(box.holds(CHECK, 'm.b', '7', t0)).toBe(false);
    expect(box.holds('/api/user/pack/buy', 'm.a', '7', t0)).toBe(false);
    // The same member's check of another pack is its own question.
    expect(box.holds(CHECK, 'm.a', '8', t0)).toBe(false);
  });

  it('holds a spent budget until its minute ends, and a forged proof-of-work for two seconds', () => {
    expect(holdUntil('rate_limited', t0)).toBe(1_800_000_060_000);
    const box = new RefusalBox();
    box.refused(JOIN, 'm.a', '7', 'rate_limited', t0);
    expect(box.holds(JOIN, 'm.a', '7', 1_800_000_059_999)).toBe(true);
    expect(box.holds(JOIN, 'm.a', '7', 1_800_000_060_000)).toBe(false);
    box.refused(JOIN, 'm.c', '7', 'challenge_invalid', t0);
    expect(box.holds(JOIN, 'm.c', '7', t0 + 1_999)).toBe(true);
    expect(box.holds(JOIN, 'm.c', '7', t0 + 2_000)).toBe(false);
  });

  it('keeps nothing for other reasons, other routes or a request without a session', () => {
    const box = new RefusalBox();
    box.refused(CHECK, 'm.a', '7', 'sold_out', t0);
    box.refused('/api/user/login', 'g.a', '7', 'rate_limited', t0);
    box.refused(CHECK, undefined, '7', 'drop_not_admitted', t0);
    expect(box.holds(CHECK, 'm.a', '7', t0)).toBe(false);
    expect(box.holds('/api/user/login', 'g.a', '7', t0)).toBe(false);
    expect(box.holds(CHECK, undefined, '7', t0)).toBe(false);
  });
});
