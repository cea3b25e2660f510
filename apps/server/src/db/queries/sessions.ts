import { type Queryable } from '../queryable.ts';

/** A live member session: whose it is and when it ends. */
export interface SessionRow {
  member_id: number;
  expires_at: Date;
}

/** The live session with this id hash (a named statement: every member request runs it unless cached). */
export async function findLiveSession(db: Queryable, idHash: string): Promise<SessionRow | null> {
  const { rows } = await db.query<SessionRow>({
    name: 'session-lookup',
    text: 'SELECT member_id, expires_at FROM sessions WHERE id_hash = $1 AND expires_at > now()',
    values: [idHash],
  });
  return rows[0] ?? null;
}

export async function insertSession(
  db: Queryable,
  s: { idHash: string; memberId: number; persistent: boolean; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO sessions (id_hash, member_id, persistent, expires_at) VALUES ($1, $2, $3, $4)', [
    s.idHash,
    s.memberId,
    s.persistent,
    s.expiresAt,
  ]);
}

export async function deleteSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE id_hash = $1', [idHash]);
}

/** Deletes every session of a member but the one hashed `keepHash` ('' keeps none: no hash is empty). */
export async function deleteMemberSessions(db: Queryable, memberId: number, keepHash = ''): Promise<void> {
  await db.query('DELETE FROM sessions WHERE member_id = $1 AND id_hash <> $2', [memberId, keepHash]);
}

/**
 * Deletes up to `batch` sessions that ended more than `keep` (an interval) before `now`; SKIP LOCKED, so
 * instances purging together take different rows. Returns how many went.
 */
export async function purgeEndedSessions(db: Queryable, now: Date, keep: string, batch: number): Promise<number> {
  const { rowCount } = await db.query(
    `DELETE FROM sessions WHERE id_hash IN (
       SELECT id_hash FROM sessions WHERE expires_at < $1::timestamptz - $2::interval LIMIT $3 FOR UPDATE SKIP LOCKED)`,
    [now, keep, batch],
  );
  return rowCount ?? 0;
}
