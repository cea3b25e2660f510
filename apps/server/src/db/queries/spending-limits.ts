import { maybeOne, oneNumber, type Queryable } from '../queryable.ts';

/** Responsible play (issue 19 §2, ADR 0036): the member's limits row and the month's counted purchases. */

export interface SpendingLimitsRow {
  /** 'YYYY-MM' or null. */
  birth_month: string | null;
  guardian_consent_at: Date | null;
  monthly_limit: number | null;
  pending_limit: number | null;
  pending_effective_at: Date | null;
  cool_off_until: Date | null;
}

export async function findSpendingLimits(db: Queryable, memberId: number): Promise<SpendingLimitsRow | null> {
  return maybeOne<SpendingLimitsRow>(
    db,
    `SELECT to_char(birth_month, 'YYYY-MM') AS birth_month, guardian_consent_at, monthly_limit, pending_limit,
       pending_effective_at, cool_off_until
     FROM member_spending_limits WHERE member_id = $1`,
    [memberId],
  );
}

/**
 * Serialises a member's purchase starts and limit changes: the member row is locked FOR NO KEY UPDATE (it does
 * not block rows that merely reference the member). Answers false for an unknown member.
 */
export async function lockMemberForSpending(db: Queryable, memberId: number): Promise<boolean> {
  const row = await maybeOne(db, 'SELECT id FROM members WHERE id = $1 FOR NO KEY UPDATE', [memberId]);
  return row !== null;
}

/**
 * Yen of the member's point and coin purchases started in [start, end) that are credited or still open (created,
 * pending, requires_action): failed, expired and cancelled ones do not count.
 */
export async function monthPurchaseTotal(db: Queryable, memberId: number, start: Date, end: Date): Promise<number> {
  return oneNumber(
    db,
    `SELECT COALESCE(sum(amount), 0) FROM payments
     WHERE member_id = $1 AND created_at >= $2 AND created_at < $3
       AND status IN ('created', 'pending', 'requires_action', 'succeeded')`,
    [memberId, start, end],
  );
}

export interface SpendingLimitsChange {
  birthMonth?: string;
  guardianConsentAt?: Date | null;
  monthlyLimit?: number | null;
  pending?: { limit: number | null; effectiveAt: Date } | null;
  coolOffUntil?: Date;
}

/** Creates or updates the row; fields not given keep their value. */
export async function saveSpendingLimits(
  db: Queryable,
  memberId: number,
  c: SpendingLimitsChange,
  now: Date,
): Promise<void> {
  const has = (k: keyof SpendingLimitsChange) => k in c;
  await db.query(
    `INSERT INTO member_spending_limits (member_id, birth_month, guardian_consent_at, monthly_limit, pending_limit,
       pending_effective_at, cool_off_until, created_at, updated_at)
     VALUES ($1, to_date($3, 'YYYY-MM'), $5, $7, $9, $10, $12, $13, $13)
     ON CONFLICT (member_id) DO UPDATE SET
       birth_month = CASE WHEN $2 THEN EXCLUDED.birth_month ELSE member_spending_limits.birth_month END,
       guardian_consent_at = CASE WHEN $4 THEN EXCLUDED.guardian_consent_at
         ELSE member_spending_limits.guardian_consent_at END,
       monthly_limit = CASE WHEN $6 THEN EXCLUDED.monthly_limit ELSE member_spending_limits.monthly_limit END,
       pending_limit = CASE WHEN $8 THEN EXCLUDED.pending_limit ELSE member_spending_limits.pending_limit END,
       pending_effective_at = CASE WHEN $8 THEN EXCLUDED.pending_effective_at
         ELSE member_spending_limits.pending_effective_at END,
       cool_off_until = CASE WHEN $11 THEN EXCLUDED.cool_off_until ELSE member_spending_limits.cool_off_until END,
       updated_at = EXCLUDED.updated_at`,
    [
      memberId,
      has('birthMonth'),
      c.birthMonth ?? null,
      has('guardianConsentAt'),
      c.guardianConsentAt ?? null,
      has('monthlyLimit'),
      c.monthlyLimit ?? null,
      has('pending'),
      c.pending?.limit ?? null,
      c.pending?.effectiveAt ?? null,
      has('coolOffUntil'),
      c.coolOffUntil ?? null,
      now,
    ],
  );
}
