import type { AppContext } from '../context.ts';
import type { Job } from './runner.ts';

const BATCH = 500;
// Kept a day past their end so a support person can still see what happened to a locked-out member.
const KEEP = '1 day';

/**
 * Deletes account records that can no longer matter: expired sessions, reissue tokens that were used or ran
 * out, and throttle counters whose window and lock are over. Each statement takes one batch of rows with
 * SKIP LOCKED, so several instances can run it together; the runner repeats it while it finds rows.
 */
export const purgeAuthRecordsJob: Job = {
  name: 'purge-auth-records',
  everyMs: 10 * 60_000,
  async run(ctx: AppContext) {
    const now = ctx.clock.now();
    const pool = ctx.db.pool;
    const sessions = await pool.query(
      `DELETE FROM sessions WHERE id_hash IN (
         SELECT id_hash FROM sessions WHERE expires_at < $1::timestamptz - $2::interval LIMIT $3 FOR UPDATE SKIP LOCKED)`,
      [now, KEEP, BATCH],
    );
    const resets = await pool.query(
      `DELETE FROM password_resets WHERE id IN (
         SELECT id FROM password_resets WHERE coalesce(used_at, expires_at) < $1::timestamptz - $2::interval
         LIMIT $3 FOR UPDATE SKIP LOCKED)`,
      [now, KEEP, BATCH],
    );
    const throttles = await pool.query(
      `DELETE FROM auth_throttle WHERE key IN (
         SELECT key FROM auth_throttle
         WHERE window_start < $1::timestamptz - $2::interval AND coalesce(locked_until, window_start) < $1::timestamptz - $2::interval
         LIMIT $3 FOR UPDATE SKIP LOCKED)`,
      [now, KEEP, BATCH],
    );
    return (sessions.rowCount ?? 0) + (resets.rowCount ?? 0) + (throttles.rowCount ?? 0);
  },
};
