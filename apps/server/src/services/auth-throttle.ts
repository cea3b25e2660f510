import { msg, type MessageKey } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../app-error.ts';
import { countThrottleAttempt, deleteThrottle, findLockedUntil } from '../db/queries/auth-throttle.ts';

/**
 * Attempt counters in the auth_throttle table, so every server instance shares them. A key (e.g.
 * `login:pair:a@b.jp|1.2.3.4`, `login:ip:1.2.3.4`) that reaches its limit inside the window is locked; a locked
 * key answers 429 before any password is checked. A fixed rule locks for `lockMs` and counts afresh after it; a
 * progressive rule (`maxLockMs`) keeps counting through its window and doubles the lock with each further attempt
 * (ADR 0010).
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
  lockMs: number;
  /** Progressive: the lock doubles per attempt past the limit, up to this. */
  maxLockMs?: number;
  /** The setting that replaces `limit` (the default of that setting) for a shop that configures it. */
  configLimit?: 'registrationLimitPerHour';
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
export const THROTTLE_RULES = {
  /** Failed logins for one mail from one address: 1, 2, 4 … 60 minutes from the 5th failure of a day. */
  loginPair: { limit: 5, windowMs: 24 * HOUR, lockMs: MINUTE, maxLockMs: HOUR },
  /**
   * Failed logins for one mail from addresses it was never logged into from (a botnet on one account); the
   * owner's known addresses pass the lock.
   */
  loginAccount: { limit: 50, windowMs: HOUR, lockMs: 15 * MINUTE },
  /** Failed logins from one address over many mails; members known at that address pass the lock. */
  loginIp: { limit: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /**
   * Wrong passwords where a signed-in member confirms a grave step (withdrawal): a stolen session must not be able
   * to guess the password behind it faster than the login could (issue 20).
   */
  memberPassword: { limit: 5, windowMs: 24 * HOUR, lockMs: 15 * MINUTE, maxLockMs: HOUR },
  /** Reissue requests for one mail address: each one sends a mail. */
  reissueMail: { limit: 5, windowMs: HOUR, lockMs: HOUR },
  /** Reissue requests from one IP. */
  reissueIp: { limit: 20, windowMs: HOUR, lockMs: HOUR },
  /** Registration checks (/user/confirm) from one address: a probe for registered mails costs one each. */
  registrationCheckIp: { limit: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Registrations (/user/append) from one address: REGISTRATION_LIMIT_PER_HOUR. */
  registrationIp: { limit: 10, windowMs: HOUR, lockMs: HOUR, configLimit: 'registrationLimitPerHour' },
} satisfies Record<string, ThrottleRule>;

/** The end of the latest lock among `keys`, or null when none is locked. */
export async function findLock(ctx: AppContext, keys: string[]): Promise<Date | null> {
  return findLockedUntil(ctx.db.pool, keys, ctx.clock.now());
}

/** The 429 for a lock ending at `until`: the message on `field`, with the minutes to wait. */
export function lockedError(ctx: AppContext, until: Date, field: string, messageKey: MessageKey): AppError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - ctx.clock.now().getTime()) / MINUTE));
  return new AppError('rate_limited', { [field]: [msg(messageKey, { minutes })] }, 'locked');
}

/** Throws 429 (the message on `field`, with the minutes to wait) when any of the keys is locked. */
export async function assertNotLocked(
  ctx: AppContext,
  keys: string[],
  field: string,
  messageKey: MessageKey,
): Promise<void> {
  const until = await findLock(ctx, keys);
  if (until) throw lockedError(ctx, until, field, messageKey);
}

/** Counts one attempt against `key`; the attempt that reaches the limit starts the lock. */
export async function recordAttempt(ctx: AppContext, key: string, rule: ThrottleRule): Promise<void> {
  await countThrottleAttempt(ctx.db.pool, {
    key,
    now: ctx.clock.now(),
    limit: rule.configLimit ? ctx.config[rule.configLimit] : rule.limit,
    window: `${rule.windowMs} milliseconds`,
    lockMs: rule.lockMs,
    maxLockMs: rule.maxLockMs ?? rule.lockMs,
    restartAfterLock: rule.maxLockMs === undefined,
  });
}

export async function resetAttempts(ctx: AppContext, key: string): Promise<void> {
  await deleteThrottle(ctx.db.pool, key);
}
