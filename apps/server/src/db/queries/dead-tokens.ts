import type { Queryable } from '../queryable.ts';

/** The one-use token tables (each with used_at and expires_at) and their keys. */
const TOKEN_TABLES = { password_resets: 'id', mail_verifications: 'token_hash' } as const;

/**
 * Deletes up to `batch` tokens of `table` used or expired more than `keep` (an interval) before `now`, skipping rows
 * another purge holds (for the purge job, which several instances may run at once).
 */
export async function purgeDeadTokens(
  db: Queryable,
  table: keyof typeof TOKEN_TABLES,
  now: Date,
  keep: string,
  batch: number,
): Promise<number> {
  const key = TOKEN_TABLES[table];
  const { rowCount } = await db.query(
    `DELETE FROM ${table} WHERE ${key} IN (
       SELECT ${key} FROM ${table} WHERE coalesce(used_at, expires_at) < $1::timestamptz - $2::interval
       LIMIT $3 FOR UPDATE SKIP LOCKED)`,
    [now, keep, batch],
  );
  return rowCount ?? 0;
}
