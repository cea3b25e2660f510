import { msg, type MessageKey } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Fixed-window attempt counters in the auth_throttle table, so every server instance shares them. A key
 * (e.g. `login:mail:a@b.jp`, `login:ip:1.2.3.4`) that reaches its limit inside the window is locked for
 * `lockMs`; a locked key answers 429 before any password is checked.
 */
export interface ThrottleRule {
  limit: number;
  windowMs: number;
  lockMs: number;
}

const MINUTE = 60_000;
export const THROTTLE_RULES = {
  /** Failed logins for one mail address. */
  loginAccount: { limit: 10, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Failed logins from one IP (several people can share an IP, so looser). */
  loginIp: { limit: 30, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  /** Reissue requests for one mail address: each one sends a mail. */
  reissueMail: { limit: 5, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
  /** Reissue requests from one IP. */
  reissueIp: { limit: 20, windowMs: 60 * MINUTE, lockMs: 60 * MINUTE },
} satisfies Record<string, ThrottleRule>;

/** Throws 429 (the message on `field`, with the minutes to wait) when any of the keys is locked. */
export async function assertNotLocked(
  ctx: AppContext,
  keys: string[],
  field: string,
  messageKey: MessageKey,
): Promise<void> {
  const now = ctx.clock.now();
  const { rows } = await ctx.db.pool.query<{ locked_until: Date }>(
    'SELECT max(locked_until) AS locked_until FROM auth_throttle WHERE key = ANY($1) AND locked_until > $2',
    [keys, now],
  );
  const until = rows[0]?.locked_until;
  if (!until) return;
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE));
  throw new AppError('rate_limited', { [field]: [msg(messageKey, { minutes })] }, 'locked');
}

/** Counts one attempt against `key`; the attempt that reaches the limit starts the lock. */
export async function recordAttempt(ctx: AppContext, key: string, rule: ThrottleRule): Promise<void> {
  // A window that is over, or a lock that has run out, starts a fresh count.
  await ctx.db.pool.query(
    `INSERT INTO auth_throttle AS t (key, failures, window_start, locked_until)
     VALUES ($1, 1, $2::timestamptz, CASE WHEN 1 >= $3::int THEN $2 + $5::interval END)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN t.window_start <= $2 - $4::interval OR t.locked_until <= $2
                       THEN 1 ELSE t.failures + 1 END,
       window_start = CASE WHEN t.window_start <= $2 - $4::interval OR t.locked_until <= $2
                           THEN $2 ELSE t.window_start END,
       locked_until = CASE
         WHEN t.window_start <= $2 - $4::interval OR t.locked_until <= $2
           THEN CASE WHEN 1 >= $3::int THEN $2 + $5::interval END
         WHEN t.failures + 1 >= $3 THEN $2 + $5::interval
         ELSE t.locked_until END`,
    [key, ctx.clock.now(), rule.limit, `${rule.windowMs} milliseconds`, `${rule.lockMs} milliseconds`],
  );
}

export async function resetAttempts(ctx: AppContext, key: string): Promise<void> {
  await ctx.db.pool.query('DELETE FROM auth_throttle WHERE key = $1', [key]);
}
