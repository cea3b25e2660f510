import { maybeOne, type Queryable } from '../queryable.ts';

/** The latest lock among `keys` still running at `now`, or null when none is locked. */
export async function findLockedUntil(db: Queryable, keys: string[], now: Date): Promise<Date | null> {
  const row = await maybeOne<{ locked_until: Date | null }>(
    db,
    'SELECT max(locked_until) AS locked_until FROM auth_throttle WHERE key = ANY($1) AND locked_until > $2',
    [keys, now],
  );
  return row?.locked_until ?? null;
}

// Parts of countThrottleAttempt's statement: whether the stored count starts over, the count after this attempt,
// and the lock for a count (doubling past the limit, at most the maximum).
const RESTART = `(t.window_start <= $2 - $4::interval OR ($7::boolean AND t.locked_until <= $2))`;
const COUNT = `(CASE WHEN ${RESTART} THEN 1 ELSE t.failures + 1 END)`;
const lockFor = (count: string) =>
  `least($6::float8, $5::float8 * 2 ^ (${count} - $3::int)) * interval '1 millisecond'`;

/**
 * Counts one attempt against `key` at `now` in one statement (concurrent attempts never lose a count). A window
 * that is over starts a fresh count, and so does a lock that has run out when `restartAfterLock`. From the
 * `limit`-th attempt on, each one locks the key for `lockMs` doubled per attempt past the limit, at most
 * `maxLockMs` (equal to `lockMs` for a fixed lock). `window` is an interval ('900000 milliseconds').
 */
export async function countThrottleAttempt(
  db: Queryable,
  r: {
    key: string;
    now: Date;
    limit: number;
    window: string;
    lockMs: number;
    maxLockMs: number;
    restartAfterLock: boolean;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO auth_throttle AS t (key, failures, window_start, locked_until)
     VALUES ($1, 1, $2::timestamptz, CASE WHEN 1 >= $3::int THEN $2 + ${lockFor('1')} END)
     ON CONFLICT (key) DO UPDATE SET
       failures = ${COUNT},
       window_start = CASE WHEN ${RESTART} THEN $2 ELSE t.window_start END,
       locked_until = CASE
         WHEN ${COUNT} >= $3 THEN $2 + ${lockFor(COUNT)}
         WHEN ${RESTART} THEN NULL
         ELSE t.locked_until END`,
    [r.key, r.now, r.limit, r.window, r.lockMs, r.maxLockMs, r.restartAfterLock],
  );
}

export async function deleteThrottle(db: Queryable, key: string): Promise<void> {
  await db.query('DELETE FROM auth_throttle WHERE key = $1', [key]);
}

/** Deletes up to `batch` counters whose window and lock ended more than `keep` (an interval) before `now`. */
export async function purgeStaleThrottles(db: Queryable, now: Date, keep: string, batch: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM auth_throttle WHERE key IN (
       SELECT key FROM auth_throttle
       WHERE window_start < $1::timestamptz - $2::interval AND coalesce(locked_until, window_start) < $1::timestamptz - $2::interval
       LIMIT $3 FOR UPDATE SKIP LOCKED)`,
    [now, keep, batch],
  );
  return rowCount ?? 0;
}
