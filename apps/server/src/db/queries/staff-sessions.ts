import type { StaffRole } from '@oripa/core/admin';
import { maybeOne, type Queryable } from '../queryable.ts';

/** Staff sessions (own table and cookie; services/admin/staff-sessions.ts holds their rules). */
export interface StaffSessionRow {
  staff_id: number;
  stage: 'password' | 'full';
  pending_totp_secret: string | null;
  mail: string;
  name: string;
  role: StaffRole;
  totp_enabled: boolean;
}

/**
 * The live session with this id hash and its staff member, when the session is neither over nor idle since
 * `idleSince` and the staff member is not disabled.
 */
export async function findLiveStaffSession(
  db: Queryable,
  idHash: string,
  now: Date,
  idleSince: Date,
): Promise<StaffSessionRow | null> {
  const row = await maybeOne<StaffSessionRow>(
    db,
    `SELECT s.staff_id, s.stage, s.pending_totp_secret, f.mail, f.name, f.role, f.totp_enabled_at IS NOT NULL AS totp_enabled
     FROM staff_sessions s JOIN staff f ON f.id = s.staff_id
     WHERE s.id_hash = $1 AND s.expires_at > $2 AND s.last_seen_at > $3 AND f.disabled_at IS NULL`,
    [idHash, now, idleSince],
  );
  return row && { ...row, staff_id: Number(row.staff_id) };
}

/** Marks the session seen (at most once a minute, so a busy console is not a write per request). */
export async function touchStaffSession(db: Queryable, idHash: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE staff_sessions SET last_seen_at = $2 WHERE id_hash = $1 AND last_seen_at < $2::timestamptz - interval '1 minute'`,
    [idHash, now],
  );
}

export async function insertStaffSession(
  db: Queryable,
  s: { idHash: string; staffId: number; expiresAt: Date; now: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO staff_sessions (id_hash, staff_id, stage, expires_at, last_seen_at, created_at)
     VALUES ($1, $2, 'password', $3, $4, $4)`,
    [s.idHash, s.staffId, s.expiresAt, s.now],
  );
}

export async function setPendingTotpSecret(db: Queryable, idHash: string, sealed: string | null): Promise<void> {
  await db.query('UPDATE staff_sessions SET pending_totp_secret = $2 WHERE id_hash = $1', [idHash, sealed]);
}

/** The second factor is done: the session may use the console. */
export async function completeStaffSession(db: Queryable, idHash: string): Promise<void> {
  await db.query(`UPDATE staff_sessions SET stage = 'full', pending_totp_secret = NULL WHERE id_hash = $1`, [idHash]);
}

export async function deleteStaffSession(db: Queryable, idHash: string): Promise<void> {
  await db.query('DELETE FROM staff_sessions WHERE id_hash = $1', [idHash]);
}

/** Ends every session of a staff member (disabled, role changed, second factor reset). */
export async function deleteStaffSessions(db: Queryable, staffId: number): Promise<void> {
  await db.query('DELETE FROM staff_sessions WHERE staff_id = $1', [staffId]);
}
