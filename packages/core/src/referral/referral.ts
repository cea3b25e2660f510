/** Referral rewards (ADR 0024): paid to both sides on the referred member's first point purchase. */
export interface ReferralFacts {
  sameMember: boolean;
  /** The two accounts share a phone number (registration or SMS-verified). */
  sameTel: boolean;
  /** The two accounts share a payment card (fingerprint of a kept card). */
  sameCard: boolean;
  /** Rewards the referrer already received this month (Asia/Tokyo). */
  grantedThisMonth: number;
  monthlyCap: number;
}

export type ReferralOutcome = 'granted' | 'refused_self' | 'refused_cap';

/** Self-referral is refused before the cap is counted; a referral past the cap is refused (and never paid later). */
export function judgeReferral(f: ReferralFacts): ReferralOutcome {
  if (f.sameMember || f.sameTel || f.sameCard) return 'refused_self';
  if (f.grantedThisMonth >= f.monthlyCap) return 'refused_cap';
  return 'granted';
}

/** Phone numbers compared for self-referral: digits only, a leading +81 read as 0. */
export function normaliseTelForReferral(tel: string): string {
  const digits = tel.replace(/\D/g, '');
  return digits.startsWith('81') && tel.trim().startsWith('+') ? `0${digits.slice(2)}` : digits;
}

/** What a referral may do now, by whose mail address is confirmed (issue 19 §2). */
export type ReferralTiming = 'wait' | { payReferrerNow: boolean };

/**
 * The reward is for the referred member's first purchase, so it depends on their address: unconfirmed, nothing is
 * settled yet ('wait'), and the first purchase credited once it is confirmed settles the referral. When it is
 * granted the referred member is paid at once; the referrer's share depends on the referrer's own address, and
 * when that is not confirmed yet it is owed on the reward row and paid when they confirm it (never lost, never
 * paid to an address nobody reads).
 */
export function referralTiming(f: { refereeMailConfirmed: boolean; referrerMailConfirmed: boolean }): ReferralTiming {
  if (!f.refereeMailConfirmed) return 'wait';
  return { payReferrerNow: f.referrerMailConfirmed };
}
