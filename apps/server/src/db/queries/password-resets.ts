import { maybeOne, type Queryable } from '../queryable.ts';
import { purgeDeadTokens } from './dead-tokens.ts';

/** Stores a reissue token by its hash (never the token itself). */
export async function insertPasswordReset(
  db: Queryable,
  r: { memberId: number; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO password_resets (member_id, token_hash, expires_at) VALUES ($1, $2, $3)', [
    r.memberId,
    r.tokenHash,
    r.expiresAt,
  ]);
}

/** Whether the token is unused and still live at `now`. */
export async function isPasswordResetUsable(db: Queryable, tokenHash: string, now: Date): Promise<boolean> {
  const row = await maybeOne(
    db,
    'SELECT 1 FROM password_resets WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2',
    [tokenHash, now],
  );
  return row !== null;
}

/**
 * Locks the usable token row (FOR UPDATE, inside the caller's transaction) and returns its member, or null when
 * the token is unknown, used or expired. A second tab racing with the same link waits here, then finds it used.
 */
export async function lockUsablePasswordReset(db: Queryable, tokenHash: string, now: Date): Promise<number | null> {
  const row = await maybeOne<{ member_id: number }>(
    db,
    `SELECT member_id FROM password_resets
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2 FOR UPDATE`,
    [tokenHash, now],
  );
  return row ? Number(row.member_id) : null;
}

/** Marks every outstanding token of the member used at `at`. */
export async function usePasswordResets(db: Queryable, memberId: number, at: Date): Promise<void> {
  await db.query('UPDATE password_resets SET used_at = $2 WHERE member_id = $1 AND used_at IS NULL', [memberId, at]);
}

/** Deletes up to `batch` tokens used or expired more than `keep` (an interval) before `now`. */
export const purgeDeadPasswordResets = (db: Queryable, now: Date, keep: string, batch: number) =>
  purgeDeadTokens(db, 'password_resets', now, keep, batch);
