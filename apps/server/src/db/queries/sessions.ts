import { type Queryable } from '../queryable.ts';

/** A live member session: whose it is and when it ends. */
export interface SessionRow {
  member_id: number;
  expires_at: Date;
}

/**
 * The live sessions among these id hashes, one statement for a batch of requests (services/sessions.ts batches
 * the lookups that arrive while one is running, ADR 0057).
 */
export async function findLiveSessions(
  db: Queryable,
  idHashes: string[],
): Promise<(SessionRow & { id_hash: string })[]> {
  const { rows } = await db.query<SessionRow & { id_hash: string }>({
    name: 'session-lookup-batch',
    text: 'SELECT id_hash, member_id, expires_at FROM sessions WHERE id_hash = ANY($1::text[]) AND expires_at > now()',
    values: [idHashes],
  });
  return rows;
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
