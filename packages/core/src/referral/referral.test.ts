import { describe, expect, it } from 'vitest';
import { referralTiming } from './referral.ts';

describe('referralTiming (issue 19 §2)', () => {
  it('settles nothing while the referred member has not confirmed their address', () => {
    expect(referralTiming({ refereeMailConfirmed: false, referrerMailConfirmed: true })).toBe('wait');
    expect(referralTiming({ refereeMailConfirmed: false, referrerMailConfirmed: false })).toBe('wait');
  });
  it("pays the referrer now only when the referrer's own address is confirmed", () => {
    expect(referralTiming({ refereeMailConfirmed: true, referrerMailConfirmed: true })).toEqual({
      payReferrerNow: true,
    });
    expect(referralTiming({ refereeMailConfirmed: true, referrerMailConfirmed: false })).toEqual({
      payReferrerNow: false,
    });
  });
});
