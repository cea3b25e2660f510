import { maybeOne, type Queryable } from '../queryable.ts';
import { purgeDeadTokens } from './dead-tokens.ts';

/** Stores a mail verification token by its hash, for the address it is mailed to. */
export async function insertMailVerification(
  db: Queryable,
  r: { tokenHash: string; memberId: number; mail: string; expiresAt: Date },
): Promise<void> {
  await db.query('INSERT INTO mail_verifications (token_hash, member_id, mail, expires_at) VALUES ($1, $2, $3, $4)', [
    r.tokenHash,
    r.memberId,
    r.mail,
    r.expiresAt,
  ]);
}

/**
 * Marks a usable token used at `now` and returns its member and address, or null when it is unknown, used or
 * expired. One statement, so two clicks of one link use it once.
 */
export async function useMailVerification(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ member_id: number; mail: string } | null> {
  return maybeOne<{ member_id: number; mail: string }>(
    db,
    `UPDATE mail_verifications SET used_at = $2
     WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
     RETURNING member_id, mail`,
    [tokenHash, now],
  );
}

/** Sets the member's mail_verified_at when their address is still `mail`; whether it did. */
export async function markMailVerified(db: Queryable, memberId: number, mail: string, at: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE members SET mail_verified_at = coalesce(mail_verified_at, $3)
     WHERE id = $1 AND lower(mail) = lower($2)`,
    [memberId, mail, at],
  );
  return (rowCount ?? 0) > 0;
}

/** The member's address and when it was verified (null: not yet). */
export async function findMailVerification(
  db: Queryable,
  memberId: number,
): Promise<{
  mail: string;
  lang: 'ja' | 'en';
  last_name: string;
  first_name: string;
  mail_verified_at: Date | null;
} | null> {
  return maybeOne(db, 'SELECT mail, lang, last_name, first_name, mail_verified_at FROM members WHERE id = $1', [
    memberId,
  ]);
}

/** Deletes up to `batch` tokens used or expired more than `keep` (an interval) before `now` (for the purge job). */
export const purgeDeadMailVerifications = (db: Queryable, now: Date, keep: string, batch: number) =>
  purgeDeadTokens(db, 'mail_verifications', now, keep, batch);
