import { maybeOne, type Queryable } from '../queryable.ts';

/**
 * Addresses each account signed in from (ADR 0010): a member (login_known_ips) or a staff member (staff_known_ips,
 * issue 21). An address locked for spraying many accounts, or a mail locked for being tried from many addresses,
 * still lets in the accounts it is known for. One set of queries for both sign-ins, by kind.
 */
export type LoginAccountKind = 'member' | 'staff';
export interface LoginAccount {
  kind: LoginAccountKind;
  id: number;
}

const TABLES = {
  member: { table: 'login_known_ips', owner: 'member_id' },
  staff: { table: 'staff_known_ips', owner: 'staff_id' },
} as const satisfies Record<LoginAccountKind, { table: string; owner: string }>;

/** Whether `account` signed in from `ip` since `since`. */
export async function isKnownLoginIp(db: Queryable, account: LoginAccount, ip: string, since: Date): Promise<boolean> {
  const { table, owner } = TABLES[account.kind];
  const row = await maybeOne<{ known: boolean }>(
    db,
    `SELECT true AS known FROM ${table} WHERE ${owner} = $1 AND ip = $2 AND last_login_at >= $3`,
    [account.id, ip, since],
  );
  return row !== null;
}

/** Records a successful sign-in of `account` from `ip` at `now`. */
export async function rememberLoginIp(db: Queryable, account: LoginAccount, ip: string, now: Date): Promise<void> {
  const { table, owner } = TABLES[account.kind];
  await db.query(
    `INSERT INTO ${table} (${owner}, ip, last_login_at) VALUES ($1, $2, $3)
     ON CONFLICT (${owner}, ip) DO UPDATE SET last_login_at = greatest(${table}.last_login_at, $3)`,
    [account.id, ip, now],
  );
}

/** Deletes up to `batch` addresses of each kind last used before `before` (for the purge job). */
export async function purgeOldLoginIps(db: Queryable, before: Date, batch: number): Promise<number> {
  let deleted = 0;
  for (const { table, owner } of Object.values(TABLES)) {
    const { rowCount } = await db.query(
      `DELETE FROM ${table} WHERE (${owner}, ip) IN (
         SELECT ${owner}, ip FROM ${table} WHERE last_login_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [before, batch],
    );
    deleted += rowCount ?? 0;
  }
  return deleted;
}
