import { addMonthsTokyo, POINT_VALIDITY_MONTHS } from '@oripa/core';
import type { PoolClient } from 'pg';
import { AppError } from '../http/app-error.ts';

/**
 * The only code that changes point and coin balances. Every function takes a client inside an open transaction;
 * each change updates the member's balance column, writes one ledger row and, for points, the lot moves.
 * Invariants (tested): balance = sum(ledger amounts) = sum(unexpired lot remaining); nothing goes negative.
 */

export interface LedgerRef {
  reason: string;
  refType?: string | null;
  refId?: number | null;
  memo?: string;
}

export interface GrantPoints extends LedgerRef {
  memberId: number;
  amount: number;
  kind: 'paid' | 'free';
  now: Date;
}

async function insertLedger(
  tx: PoolClient,
  memberId: number,
  currency: 'point' | 'coin',
  amount: number,
  balanceAfter: number,
  ref: LedgerRef,
  now: Date,
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, reason, ref_type, ref_id, memo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [memberId, currency, amount, balanceAfter, ref.reason, ref.refType ?? null, ref.refId ?? null, ref.memo ?? '', now],
  );
  return Number(rows[0]!.id);
}

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad ledger amount ${amount}`);
}

/** Grants points as a new lot expiring POINT_VALIDITY_MONTHS later. Returns the ledger entry id. */
export async function grantPoints(tx: PoolClient, g: GrantPoints): Promise<number> {
  assertAmount(g.amount);
  const { rows } = await tx.query<{ point_balance: number }>(
    'UPDATE members SET point_balance = point_balance + $2, updated_at = now() WHERE id = $1 RETURNING point_balance',
    [g.memberId, g.amount],
  );
  if (!rows[0]) throw new AppError('not_found', { general: ['notFound'] });
  const lot = await tx.query<{ id: number }>(
    `INSERT INTO point_lots (member_id, kind, granted, remaining, granted_at, expires_at, source)
     VALUES ($1, $2, $3, $3, $4, $5, $6) RETURNING id`,
    [g.memberId, g.kind, g.amount, g.now, addMonthsTokyo(g.now, POINT_VALIDITY_MONTHS), g.reason],
  );
  const ledgerId = await insertLedger(tx, g.memberId, 'point', g.amount, Number(rows[0].point_balance), g, g.now);
  await tx.query('INSERT INTO point_lot_moves (ledger_id, lot_id, amount) VALUES ($1, $2, $3)', [
    ledgerId,
    lot.rows[0]!.id,
    g.amount,
  ]);
  return ledgerId;
}

export interface SpendPoints extends LedgerRef {
  memberId: number;
  amount: number;
  now: Date;
}

/** Our own SQLSTATEs, raised by the SQL functions spend_points / spend_points_many and change_coins. */
export const SQLSTATE_INSUFFICIENT_POINTS = 'OR001';
export const SQLSTATE_INSUFFICIENT_COINS = 'OR002';

export const insufficientPoints = () =>
  new AppError('validation', { count: ['insufficientPoints'] }, 'insufficient_points');
export const insufficientCoins = () =>
  new AppError('validation', { count: ['insufficientCoins'] }, 'insufficient_coins');

/** Maps the ledger functions' SQLSTATEs to their AppErrors; anything else is returned unchanged. */
export function ledgerError(err: unknown): unknown {
  const code = (err as { code?: string }).code;
  if (code === SQLSTATE_INSUFFICIENT_POINTS) return insufficientPoints();
  if (code === SQLSTATE_INSUFFICIENT_COINS) return insufficientCoins();
  return err;
}

/**
 * Spends points: free lots first, then the soonest to expire (planLotSpend's rule, the reference model). Throws
 * AppError 'insufficient_points' (and the caller's transaction rolls back) when the member lacks them. Returns
 * the ledger entry id and new balance. One round trip: the SQL function spend_points locks the member row and its
 * lots, takes the lots in that order, writes the ledger row and the lot moves. It is spend_points_many (migration
 * 0005) with one member, which buy_pack_batch uses for a batch: a purchase and a direct spend follow one rule.
 */
export async function spendPoints(tx: PoolClient, s: SpendPoints): Promise<{ ledgerId: number; balance: number }> {
  assertAmount(s.amount);
  try {
    const { rows } = await tx.query<{ o_ledger_id: number; o_balance: number }>({
      name: 'spend-points',
      text: 'SELECT o_ledger_id, o_balance FROM spend_points($1, $2, $3, $4, $5, $6, $7)',
      values: [s.memberId, s.amount, s.now, s.reason, s.refType ?? null, s.refId ?? null, s.memo ?? ''],
    });
    return { ledgerId: Number(rows[0]!.o_ledger_id), balance: Number(rows[0]!.o_balance) };
  } catch (err) {
    throw ledgerError(err);
  }
}

/** Expires what is left of one lot (the nightly job calls this per claimed lot). Returns the points expired. */
export async function expireLot(tx: PoolClient, lotId: number, now: Date): Promise<number> {
  const { rows } = await tx.query<{ member_id: number; remaining: number }>(
    `UPDATE point_lots SET expired_at = $2 WHERE id = $1 AND expired_at IS NULL AND expires_at <= $2
     RETURNING member_id, remaining`,
    [lotId, now],
  );
  const lot = rows[0];
  if (!lot || Number(lot.remaining) === 0) return 0;
  const amount = Number(lot.remaining);
  await tx.query('UPDATE point_lots SET remaining = 0 WHERE id = $1', [lotId]);
  const bal = await tx.query<{ point_balance: number }>(
    'UPDATE members SET point_balance = point_balance - $2 WHERE id = $1 RETURNING point_balance',
    [lot.member_id, amount],
  );
  const ledgerId = await insertLedger(
    tx,
    Number(lot.member_id),
    'point',
    -amount,
    Number(bal.rows[0]!.point_balance),
    { reason: 'expiry', refType: 'point_lot', refId: lotId },
    now,
  );
  await tx.query('INSERT INTO point_lot_moves (ledger_id, lot_id, amount) VALUES ($1, $2, $3)', [
    ledgerId,
    lotId,
    -amount,
  ]);
  return amount;
}

/**
 * Changes a coin balance (coins have no lots) through the SQL function change_coins (migration 0004). Negative
 * amounts fail with 'insufficient_coins' below zero.
 */
export async function changeCoins(
  tx: PoolClient,
  c: LedgerRef & { memberId: number; amount: number; now: Date },
): Promise<{ ledgerId: number; balance: number }> {
  if (!Number.isSafeInteger(c.amount) || c.amount === 0) throw new RangeError(`bad coin amount ${c.amount}`);
  try {
    const { rows } = await tx.query<{ o_ledger_id: number; o_balance: number }>({
      name: 'change-coins',
      text: 'SELECT o_ledger_id, o_balance FROM change_coins($1, $2, $3, $4, $5, $6, $7)',
      values: [c.memberId, c.amount, c.now, c.reason, c.refType ?? null, c.refId ?? null, c.memo ?? ''],
    });
    return { ledgerId: Number(rows[0]!.o_ledger_id), balance: Number(rows[0]!.o_balance) };
  } catch (err) {
    throw ledgerError(err);
  }
}
