import { addMonthsTokyo, planLotSpend, POINT_VALIDITY_MONTHS, type SpendableLot } from '@oripa/core';
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

/**
 * Spends points: free lots first, then the soonest to expire. Throws AppError 'insufficient_points' (and the
 * caller's transaction rolls back) when the member lacks them. Returns the ledger entry id and new balance.
 */
export async function spendPoints(tx: PoolClient, s: SpendPoints): Promise<{ ledgerId: number; balance: number }> {
  assertAmount(s.amount);
  // The conditional update locks the member row and refuses to go below zero in one statement.
  const { rows } = await tx.query<{ point_balance: number }>(
    `UPDATE members SET point_balance = point_balance - $2, last_activity_at = $3, updated_at = now()
     WHERE id = $1 AND point_balance >= $2 RETURNING point_balance`,
    [s.memberId, s.amount, s.now],
  );
  if (!rows[0]) throw new AppError('validation', { count: ['insufficientPoints'] }, 'insufficient_points');
  const lots = await tx.query<{ id: number; kind: 'paid' | 'free'; remaining: number; expires_at: Date }>(
    `SELECT id, kind, remaining, expires_at FROM point_lots
     WHERE member_id = $1 AND remaining > 0 AND expired_at IS NULL FOR UPDATE`,
    [s.memberId],
  );
  const spendable: SpendableLot[] = lots.rows.map((l) => ({
    id: Number(l.id),
    kind: l.kind,
    remaining: Number(l.remaining),
    expiresAt: l.expires_at,
  }));
  const plan = planLotSpend(spendable, s.amount, s.now);
  // The balance said yes but the lots say no only if some lots passed expiry before the nightly job ran.
  if (!plan) throw new AppError('validation', { count: ['insufficientPoints'] }, 'insufficient_points');
  const ledgerId = await insertLedger(tx, s.memberId, 'point', -s.amount, Number(rows[0].point_balance), s, s.now);
  const ids = plan.map((p) => p.lotId);
  const amounts = plan.map((p) => p.amount);
  await tx.query(
    `UPDATE point_lots l SET remaining = l.remaining - t.amount
     FROM unnest($1::bigint[], $2::bigint[]) AS t(id, amount) WHERE l.id = t.id`,
    [ids, amounts],
  );
  await tx.query(
    `INSERT INTO point_lot_moves (ledger_id, lot_id, amount)
     SELECT $1, t.id, -t.amount FROM unnest($2::bigint[], $3::bigint[]) AS t(id, amount)`,
    [ledgerId, ids, amounts],
  );
  return { ledgerId, balance: Number(rows[0].point_balance) };
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

/** Changes a coin balance (coins have no lots). Negative amounts fail with 'insufficient_coins' below zero. */
export async function changeCoins(
  tx: PoolClient,
  c: LedgerRef & { memberId: number; amount: number; now: Date },
): Promise<{ ledgerId: number; balance: number }> {
  if (!Number.isSafeInteger(c.amount) || c.amount === 0) throw new RangeError(`bad coin amount ${c.amount}`);
  const { rows } = await tx.query<{ coin_balance: number }>(
    `UPDATE members SET coin_balance = coin_balance + $2, updated_at = now()
     WHERE id = $1 AND coin_balance + $2 >= 0 RETURNING coin_balance`,
    [c.memberId, c.amount],
  );
  if (!rows[0]) throw new AppError('validation', { count: ['insufficientCoins'] }, 'insufficient_coins');
  const balance = Number(rows[0].coin_balance);
  return { ledgerId: await insertLedger(tx, c.memberId, 'coin', c.amount, balance, c, c.now), balance };
}
