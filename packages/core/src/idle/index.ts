import { addMonthsTokyo } from '../time.ts';

/**
 * Idle accounts (spec section 9; ADR 0037): an account idle 6 months after its last point purchase, point use or
 * exchange is closed and its points expire. The member is mailed 30 days before, and the closure never comes sooner
 * than 30 days after that mail.
 */
export const IDLE_CLOSURE_MONTHS = 6;
export const IDLE_NOTICE_DAYS = 30;

const DAY_MS = 24 * 60 * 60_000;

/**
 * The ledger reasons that are the spec's three activities and so move members.last_activity_at: a point
 * purchase credited, points used on a pack, points used in the exchange corner. Nothing else counts: not coins
 * (bought or spent), not points granted (bonuses, conversions of drawn cards, partner transfers), not a staff
 * adjustment, not a login. spend_points_many (db/functions) holds the two spending reasons of this list too.
 */
export const IDLE_ACTIVITY_REASONS = ['point_purchase', 'pack_purchase', 'exchange'] as const;

/** The ledger reason of the points an idle account loses when it closes. */
export const IDLE_EXPIRY_REASON = 'idle_expiry';

export const isIdleActivity = (reason: string): boolean =>
  (IDLE_ACTIVITY_REASONS as readonly string[]).includes(reason);

/** When an account last active at `lastActivity` becomes closable: 6 calendar months later in Tokyo time. */
export const idleClosureDate = (lastActivity: Date): Date => addMonthsTokyo(lastActivity, IDLE_CLOSURE_MONTHS);

/** When its notice is due: 30 days before that. */
export const idleNoticeDate = (lastActivity: Date): Date =>
  new Date(idleClosureDate(lastActivity).getTime() - IDLE_NOTICE_DAYS * DAY_MS);

export const isIdleNoticeDue = (lastActivity: Date, now: Date): boolean =>
  idleNoticeDate(lastActivity).getTime() <= now.getTime();

/**
 * The closure date a notice sent at `sentAt` announces: the idle date, or 30 days after the mail when it went
 * late (the job was down, the member was suspended, or the rule was new), so no one loses points unwarned.
 */
export function promisedClosureDate(lastActivity: Date, sentAt: Date): Date {
  const idle = idleClosureDate(lastActivity).getTime();
  return new Date(Math.max(idle, sentAt.getTime() + IDLE_NOTICE_DAYS * DAY_MS));
}

/**
 * Six calendar months are never shorter than 181 days (Aug 31 -> Feb 28, Sep 1 -> Mar 1), so only members last
 * active at or before this instant can be due for a notice at `now`: the job's cheap index bound. The exact test
 * is isIdleNoticeDue (property-tested against this bound).
 */
export const idleNoticeCandidatesUntil = (now: Date): Date =>
  new Date(now.getTime() + IDLE_NOTICE_DAYS * DAY_MS - 181 * DAY_MS);
