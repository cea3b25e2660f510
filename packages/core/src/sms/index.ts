import { z } from 'zod';

/**
 * SMS verification (spec sections 2, 5 and 9; ADR 0019): the rules both sides share. The server holds the state
 * (codes, tries, limits); these are its numbers and the shape of the two calls' inputs.
 */

/** Points granted once per member and once per phone number for verifying (spec section 9). */
export const SMS_BONUS_POINTS = 500;
/** A code is 6 digits (spec sections 5 and 9). */
export const SMS_CODE_LENGTH = 6;
/** A code is valid this long after it was sent. */
export const SMS_CODE_TTL_MS = 10 * 60_000;
/** Wrong codes accepted per code; the next try (the 6th) is refused even with the right code. */
export const SMS_MAX_TRIES = 5;
/** The shortest wait between two codes sent to one member. */
export const SMS_RESEND_COOLDOWN_MS = 60_000;
/** Codes sent in any 24 hours: to one phone number, for one member, from one client address. */
export const SMS_DAILY_LIMITS = { tel: 5, member: 5, ip: 20 } as const;

/** `POST /api/user/send_sms {tel}`: the phone is sent as typed (no client check); the server normalises it. */
export const sendSmsSchema = z.object({
  tel: z.string({ error: 'telFormat' }).trim().min(1, 'telFormat').max(30, 'telFormat'),
});

/** `POST /api/user/check_sms {sms_code}`: exactly SMS_CODE_LENGTH half-width digits. */
export const checkSmsSchema = z.object({
  sms_code: z
    .string({ error: 'smsCodeFormat' })
    .trim()
    .min(1, 'smsCodeRequired')
    .regex(new RegExp(`^\\d{${SMS_CODE_LENGTH}}$`), 'smsCodeFormat'),
});

/** Why a send is refused for now (a count of the last 24 hours reached its limit, or the cooldown runs). */
export type SmsSendLimit = { reason: 'cooldown'; waitSeconds: number } | { reason: 'daily_limit' };

export interface SmsSendCounts {
  /** When this member was last sent a code (null: never). */
  lastSentAt: Date | null;
  /** Codes sent in the last 24 hours to this phone, for this member, from this address. */
  tel: number;
  member: number;
  ip: number;
}

/** The send limits in one place: null when a code may be sent now. */
export function smsSendLimit(c: SmsSendCounts, now: Date): SmsSendLimit | null {
  if (c.lastSentAt) {
    const wait = c.lastSentAt.getTime() + SMS_RESEND_COOLDOWN_MS - now.getTime();
    if (wait > 0) return { reason: 'cooldown', waitSeconds: Math.ceil(wait / 1000) };
  }
  if (c.tel >= SMS_DAILY_LIMITS.tel || c.member >= SMS_DAILY_LIMITS.member || c.ip >= SMS_DAILY_LIMITS.ip) {
    return { reason: 'daily_limit' };
  }
  return null;
}

/** What a challenge allows a code check to do, before comparing the code. */
export type SmsChallengeState = 'none' | 'used' | 'expired' | 'tries_exhausted' | 'open';

export function smsChallengeState(
  c: { expires_at: Date; used_at: Date | null; attempts: number } | null,
  now: Date,
): SmsChallengeState {
  if (!c) return 'none';
  if (c.used_at) return 'used';
  if (c.attempts >= SMS_MAX_TRIES) return 'tries_exhausted';
  if (c.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'open';
}
