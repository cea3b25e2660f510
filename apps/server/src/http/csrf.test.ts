import { describe, expect, it } from 'vitest';
import { CSRF_REUSE_MS, CSRF_TTL_MS, issueCsrf, recentCsrf, verifyCsrf } from './csrf.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123';
const sid = (n: number) => `m.${String(n).padStart(43, 'x')}`;

describe('CSRF pairs handed out again for a while', () => {
  it('gives a session the same valid pair within CSRF_REUSE_MS, and a fresh one after', () => {
    const t0 = 1_800_000_000_000;
    const first = recentCsrf(SECRET, sid(1), t0);
    expect(recentCsrf(SECRET, sid(1), t0 + CSRF_REUSE_MS - 1)).toBe(first);
    expect(verifyCsrf(SECRET, sid(1), first.csrf_name, first.csrf_value, t0 + CSRF_REUSE_MS)).toBe(true);
    const later = recentCsrf(SECRET, sid(1), t0 + CSRF_REUSE_MS);
    expect(later).toEqual(issueCsrf(SECRET, sid(1), t0 + CSRF_REUSE_MS));
    expect(later.csrf_name).not.toBe(first.csrf_name);
    // A reused pair still has nearly all of its life: the reuse window is far below the TTL.
    expect(CSRF_REUSE_MS * 100).toBeLessThan(CSRF_TTL_MS);
  });

  it('never hands one session the pair of another, nor a pair signed with another secret', () => {
    const t0 = 1_800_000_000_000;
    const a = recentCsrf(SECRET, sid(2), t0);
    const b = recentCsrf(SECRET, sid(3), t0);
    expect(verifyCsrf(SECRET, sid(3), a.csrf_name, a.csrf_value, t0)).toBe(false);
    expect(verifyCsrf(SECRET, sid(3), b.csrf_name, b.csrf_value, t0)).toBe(true);
    const other = recentCsrf(`${SECRET}-rotated`, sid(2), t0 + 1);
    expect(verifyCsrf(`${SECRET}-rotated`, sid(2), other.csrf_name, other.csrf_value, t0 + 1)).toBe(true);
    expect(other.csrf_value).not.toBe(a.csrf_value);
  });

  it('does not reuse a pair from the future (a clock set back)', () => {
    const t0 = 1_800_000_000_000;
    const ahead = recentCsrf(SECRET, sid(4), t0 + 10_000);
    expect(recentCsrf(SECRET, sid(4), t0).csrf_name).not.toBe(ahead.csrf_name);
  });
});
