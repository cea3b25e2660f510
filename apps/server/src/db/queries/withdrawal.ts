import { many, maybeOne, type Queryable } from '../queryable.ts';

/**
 * Withdrawal (issue 11): closing an account, and freeing its mail and phone after the retention period. An idle
 * account closes the same way (ADR 0037), and is released after the same period.
 */

export async function lockMemberForWithdrawal(
  db: Queryable,
  memberId: number,
): Promise<{ pass_hash: string; point_balance: number; coin_balance: number; withdrawn_at: Date | null } | null> {
  const row = await maybeOne<{
    pass_hash: string;
    point_balance: string;
    coin_balance: string;
    withdrawn_at: Date | null;
  }>(db, 'SELECT pass_hash, point_balance, coin_balance, withdrawn_at FROM members WHERE id = $1 FOR UPDATE', [
    memberId,
  ]);
  return row ? { ...row, point_balance: Number(row.point_balance), coin_balance: Number(row.coin_balance) } : null;
}

/**
 * What a withdrawal would forfeit and what stops it: balances, cards still to decide, and payments still open (a
 * convenience-store or bank payment that completed after the account closed would credit a closed account).
 */
export async function withdrawalStanding(
  db: Queryable,
  memberId: number,
  now: Date,
): Promise<{ point: number; coin: number; spendable: number; pendingCards: number; openPayments: number }> {
  const row = await maybeOne<{ point: string; coin: string; spendable: string; pending: string; open: string }>(
    db,
    `SELECT m.point_balance AS point, m.coin_balance AS coin,
       (SELECT coalesce(sum(remaining), 0) FROM point_lots
        WHERE member_id = $1 AND remaining > 0 AND expired_at IS NULL AND expires_at > $2) AS spendable,
       (SELECT count(*) FROM purchase_cards c JOIN purchases p ON p.id = c.purchase_id
        WHERE p.member_id = $1 AND c.status = 'pending') AS pending,
       (SELECT count(*) FROM payments
        WHERE member_id = $1 AND status IN ('created', 'pending', 'requires_action', 'authorized')) AS open
     FROM members m WHERE m.id = $1`,
    [memberId, now],
  );
  return {
    point: Number(row?.point ?? 0),
    coin: Number(row?.coin ?? 0),
    spendable: Number(row?.spendable ?? 0),
    pendingCards: Number(row?.pending ?? 0),
    openPayments: Number(row?.open ?? 0),
  };
}

/** Closes an account: by the member's withdrawal, or by the idle job (ADR 0037); withdrawn_at is when it closed. */
export async function markClosed(
  db: Queryable,
  memberId: number,
  now: Date,
  reason: 'withdrawal' | 'idle',
): Promise<void> {
  await db.query('UPDATE members SET withdrawn_at = $2, closed_reason = $3, updated_at = now() WHERE id = $1', [
    memberId,
    now,
    reason,
  ]);
}

export async function isWithdrawn(db: Queryable, memberId: number): Promise<boolean> {
  const row = await maybeOne<{ w: boolean }>(db, 'SELECT withdrawn_at IS NOT NULL AS w FROM members WHERE id = $1', [
    memberId,
  ]);
  return Boolean(row?.w);
}

/**
 * Frees the mail address and the phone of members withdrawn before `before` (SKIP LOCKED; any number of
 * instances): the mail becomes a tombstone no one can type, sms_tel is cleared (the bonus record keeps the
 * number, so it earns no second bonus). Returns how many were released.
 */
export async function releaseWithdrawn(db: Queryable, before: Date, now: Date, limit: number): Promise<number> {
  const rows = await many(
    db,
    `UPDATE members m SET mail = 'withdrawn.' || m.id || '@withdrawn.invalid', sms_tel = NULL,
       withdrawal_released_at = $2, updated_at = now()
     WHERE m.id IN (SELECT id FROM members WHERE withdrawn_at IS NOT NULL AND withdrawal_released_at IS NULL
                    AND withdrawn_at < $1 ORDER BY withdrawn_at LIMIT $3 FOR UPDATE SKIP LOCKED)
     RETURNING m.id`,
    [before, now, limit],
  );
  return rows.length;
}
