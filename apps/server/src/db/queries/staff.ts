import type { StaffRole } from '@oripa/core/admin';
import { many, maybeOne, type Queryable } from '../queryable.ts';

/** Staff accounts, their invitations and recovery codes (issue 10). */
export interface StaffRecord {
  id: number;
  mail: string;
  name: string;
  role: StaffRole;
  pass_hash: string | null;
  totp_secret: string | null;
  totp_enabled_at: Date | null;
  totp_last_step: number | null;
  disabled_at: Date | null;
  created_at: Date;
}

const COLUMNS = `id, mail, name, role, pass_hash, totp_secret, totp_enabled_at, totp_last_step, disabled_at, created_at`;

const toStaff = (row: StaffRecord | null): StaffRecord | null =>
  row && {
    ...row,
    id: Number(row.id),
    totp_last_step: row.totp_last_step === null ? null : Number(row.totp_last_step),
  };

export async function findStaffById(db: Queryable, id: number): Promise<StaffRecord | null> {
  return toStaff(await maybeOne<StaffRecord>(db, `SELECT ${COLUMNS} FROM staff WHERE id = $1`, [id]));
}

/** The staff row, locked for the rest of the transaction (role changes, TOTP step bookkeeping). */
export async function lockStaff(db: Queryable, id: number): Promise<StaffRecord | null> {
  return toStaff(await maybeOne<StaffRecord>(db, `SELECT ${COLUMNS} FROM staff WHERE id = $1 FOR UPDATE`, [id]));
}

export async function findStaffByMail(db: Queryable, mail: string): Promise<StaffRecord | null> {
  return toStaff(await maybeOne<StaffRecord>(db, `SELECT ${COLUMNS} FROM staff WHERE lower(mail) = lower($1)`, [mail]));
}

export async function insertStaff(
  db: Queryable,
  s: {
    mail: string;
    name: string;
    role: StaffRole;
    passHash: string | null;
    createdBy: number | null;
    lang?: 'ja' | 'en';
  },
): Promise<number | null> {
  const row = await maybeOne<{ id: string }>(
    db,
    `INSERT INTO staff (mail, name, role, pass_hash, created_by, lang) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT DO NOTHING RETURNING id`,
    [s.mail, s.name, s.role, s.passHash, s.createdBy, s.lang ?? 'ja'],
  );
  return row ? Number(row.id) : null;
}

/** The language of a staff member's mails (migration 0031). */
export async function staffLang(db: Queryable, id: number): Promise<'ja' | 'en'> {
  const row = await maybeOne<{ lang: 'ja' | 'en' }>(db, 'SELECT lang FROM staff WHERE id = $1', [id]);
  return row?.lang === 'en' ? 'en' : 'ja';
}

export async function listStaff(db: Queryable): Promise<StaffRecord[]> {
  return (await many<StaffRecord>(db, `SELECT ${COLUMNS} FROM staff ORDER BY id`)).map((r) => toStaff(r)!);
}

/** Serialises changes that could leave the shop without an active owner. */
export async function lockStaffTable(db: Queryable): Promise<void> {
  await db.query('LOCK TABLE staff IN SHARE ROW EXCLUSIVE MODE');
}

export async function countActiveOwners(db: Queryable): Promise<number> {
  const row = await maybeOne<{ n: string }>(
    db,
    `SELECT count(*) AS n FROM staff WHERE role = 'owner' AND disabled_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

export async function updateStaffRole(db: Queryable, id: number, role: StaffRole): Promise<void> {
  await db.query('UPDATE staff SET role = $2, updated_at = now() WHERE id = $1', [id, role]);
}

export async function setStaffDisabled(db: Queryable, id: number, at: Date | null): Promise<void> {
  await db.query('UPDATE staff SET disabled_at = $2, updated_at = now() WHERE id = $1', [id, at]);
}

export async function setStaffPassword(db: Queryable, id: number, passHash: string): Promise<void> {
  await db.query('UPDATE staff SET pass_hash = $2, updated_at = now() WHERE id = $1', [id, passHash]);
}

/** Turns TOTP on with its (sealed) secret and the step of the code that proved it. */
export async function enableStaffTotp(
  db: Queryable,
  id: number,
  sealedSecret: string,
  step: number,
  now: Date,
): Promise<void> {
  await db.query(
    `UPDATE staff SET totp_secret = $2, totp_enabled_at = $3, totp_last_step = $4, updated_at = now() WHERE id = $1`,
    [id, sealedSecret, now, step],
  );
}

/**
 * Records a used TOTP step, only when it is later than the last one (so a code is accepted once). Answers
 * whether it was recorded.
 */
export async function advanceTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE staff SET totp_last_step = $2 WHERE id = $1 AND (totp_last_step IS NULL OR totp_last_step < $2)`,
    [id, step],
  );
  return (rowCount ?? 0) > 0;
}

/** Clears TOTP (an owner resets a staff member's second factor); recovery codes go with it. */
export async function resetStaffTotp(db: Queryable, id: number): Promise<void> {
  await db.query(
    `UPDATE staff SET totp_secret = NULL, totp_enabled_at = NULL, totp_last_step = NULL, updated_at = now()
     WHERE id = $1`,
    [id],
  );
  await db.query('UPDATE staff_recovery_codes SET used_at = now() WHERE staff_id = $1 AND used_at IS NULL', [id]);
}

// --- invitations (one-time setup links) ---

export async function insertStaffInvite(
  db: Queryable,
  i: { tokenHash: string; staffId: number; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO staff_invites (token_hash, staff_id, expires_at) VALUES ($1, $2, $3)', [
    i.tokenHash,
    i.staffId,
    i.expiresAt,
  ]);
}

/** Uses an unused, unexpired invitation (once): answers its staff id, or null. */
export async function useStaffInvite(db: Queryable, tokenHash: string, now: Date): Promise<number | null> {
  const row = await maybeOne<{ staff_id: string }>(
    db,
    `UPDATE staff_invites SET used_at = $2 WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING staff_id`,
    [tokenHash, now],
  );
  return row ? Number(row.staff_id) : null;
}

/** The staff id of a live invitation without using it (the setup page shows whose it is). */
export async function findLiveInvite(db: Queryable, tokenHash: string, now: Date): Promise<number | null> {
  const row = await maybeOne<{ staff_id: string }>(
    db,
    `SELECT staff_id FROM staff_invites WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2`,
    [tokenHash, now],
  );
  return row ? Number(row.staff_id) : null;
}

/** Ends a staff member's unused invitations (a new one replaces them). */
export async function expireStaffInvites(db: Queryable, staffId: number, now: Date): Promise<void> {
  await db.query('UPDATE staff_invites SET used_at = $2 WHERE staff_id = $1 AND used_at IS NULL', [staffId, now]);
}

// --- recovery codes ---

export async function replaceRecoveryCodes(db: Queryable, staffId: number, hashes: string[], now: Date) {
  await db.query('UPDATE staff_recovery_codes SET used_at = $2 WHERE staff_id = $1 AND used_at IS NULL', [
    staffId,
    now,
  ]);
  await db.query(
    `INSERT INTO staff_recovery_codes (staff_id, code_hash, created_at) SELECT $1, h, $3 FROM unnest($2::text[]) AS h`,
    [staffId, hashes, now],
  );
}

/** Uses an unused recovery code (once); answers whether it was one. */
export async function useRecoveryCode(db: Queryable, staffId: number, codeHash: string, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE staff_recovery_codes SET used_at = $3
     WHERE id = (SELECT id FROM staff_recovery_codes WHERE staff_id = $1 AND code_hash = $2 AND used_at IS NULL
                 LIMIT 1 FOR UPDATE)`,
    [staffId, codeHash, now],
  );
  return (rowCount ?? 0) > 0;
}

export async function countUnusedRecoveryCodes(db: Queryable, staffId: number): Promise<number> {
  const row = await maybeOne<{ n: string }>(
    db,
    'SELECT count(*) AS n FROM staff_recovery_codes WHERE staff_id = $1 AND used_at IS NULL',
    [staffId],
  );
  return Number(row?.n ?? 0);
}
