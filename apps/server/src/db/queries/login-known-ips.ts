import { maybeOne, type Queryable } from '../queryable.ts';

/**
 * Addresses each member logged in from (ADR 0010): an address locked for spraying many accounts still lets in
 * the members it is known for.
 */

/** Whether `memberId` logged in from `ip` since `since`. */
export async function isKnownLoginIp(db: Queryable, memberId: number, ip: string, since: Date): Promise<boolean> {
  const row = await maybeOne<{ known: boolean }>(
    db,
    'SELECT true AS known FROM login_known_ips WHERE member_id = $1 AND ip = $2 AND last_login_at >= $3',
    [memberId, ip, since],
  );
  return row !== null;
}

/** Records a successful login of `memberId` from `ip` at `now`. */
export async function rememberLoginIp(db: Queryable, memberId: number, ip: string, now: Date): Promise<void> {
  await db.query(
    `INSERT INTO login_known_ips (member_id, ip, last_login_at) VALUES ($1, $2, $3)
     ON CONFLICT (member_id, ip) DO UPDATE SET last_login_at = greatest(login_known_ips.last_login_at, $3)`,
    [memberId, ip, now],
  );
}

/** Deletes up to `batch` addresses last used before `before` (for the purge job). */
export async function purgeOldLoginIps(db: Queryable, before: Date, batch: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM login_known_ips WHERE (member_id, ip) IN (
       SELECT member_id, ip FROM login_known_ips WHERE last_login_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
    [before, batch],
  );
  return rowCount ?? 0;
}
