import { maybeOne, type Queryable } from '../queryable.ts';

/** Retailer-wallet checkout sessions, each bound to the member who signed in to the wallet with it. */

export async function walletSessionBelongsTo(db: Queryable, checkoutSessionId: string, memberId: number) {
  const row = await maybeOne(db, 'SELECT 1 FROM wallet_sessions WHERE checkout_session_id = $1 AND member_id = $2', [
    checkoutSessionId,
    memberId,
  ]);
  return row !== null;
}

/**
 * Binds a session to the member (again: the pay method may change); false when it is already bound to another
 * member.
 */
export async function bindWalletSession(
  db: Queryable,
  checkoutSessionId: string,
  memberId: number,
  payMethod: string,
): Promise<boolean> {
  const { rowCount } = await db.query(
    `INSERT INTO wallet_sessions (checkout_session_id, member_id, pay_method) VALUES ($1, $2, $3)
     ON CONFLICT (checkout_session_id) DO UPDATE SET pay_method = EXCLUDED.pay_method
     WHERE wallet_sessions.member_id = EXCLUDED.member_id`,
    [checkoutSessionId, memberId, payMethod],
  );
  return Boolean(rowCount);
}

export interface WalletSessionRow {
  checkout_session_id: string;
  pay_method: string;
}

export async function latestWalletSession(db: Queryable, memberId: number): Promise<WalletSessionRow | null> {
  return maybeOne<WalletSessionRow>(
    db,
    'SELECT checkout_session_id, pay_method FROM wallet_sessions WHERE member_id = $1 ORDER BY created_at DESC LIMIT 1',
    [memberId],
  );
}
