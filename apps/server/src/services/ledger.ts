import { addMonthsTokyo, isIdleActivity, POINT_VALIDITY_MONTHS } from '@oripa/core';
import type { PoolClient } from 'pg';
import { AppError } from '../app-error.ts';
import {
  addPointBalance,
  callChangeCoins,
  callSpendPoints,
  emptyLot,
  expireLotsEarly,
  insertLedgerEntry,
  insertLotMove,
  insertPointLot,
  lockHeldLots,
  markLotExpired,
  subtractExpiredPoints,
  type LedgerCall,
} from '../db/queries/ledger.ts';

/**
 * The rules of point and coin balances (amounts, lot order, expiry). Balances are written by two parties only:
 * this file (through db/queries/ledger.ts) and the database functions spend_points / spend_points_many and
 * change_coins (apps/server/db/functions). Since migration 0005 (ADR 0007) a pack purchase's debit happens inside
 * those functions, called by buy_pack_batch, not here; this file calls the same functions for a direct spend or
 * coin change, so both follow one rule. Every function takes a client inside an open transaction; each change
 * updates the member's balance column, writes one ledger row and, for points, the lot moves.
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

/** A point ledger row (coin rows are written by change_coins). */
const pointEntry = (memberId: number, amount: number, balanceAfter: number, ref: LedgerRef, now: Date) => ({
  memberId,
  currency: 'point' as const,
  amount,
  balanceAfter,
  reason: ref.reason,
  refType: ref.refType ?? null,
  refId: ref.refId ?? null,
  memo: ref.memo ?? '',
  now,
});

/** The arguments of a ledger database function call (spend_points, change_coins). */
const call = (c: LedgerRef & { memberId: number; amount: number; now: Date }): LedgerCall => ({
  memberId: c.memberId,
  amount: c.amount,
  now: c.now,
  reason: c.reason,
  refType: c.refType ?? null,
  refId: c.refId ?? null,
  memo: c.memo ?? '',
});

function assertAmount(amount: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new RangeError(`bad ledger amount ${amount}`);
}

/** Grants points as a new lot expiring POINT_VALIDITY_MONTHS later. Returns the ledger entry id. */
export async function grantPoints(tx: PoolClient, g: GrantPoints): Promise<number> {
  assertAmount(g.amount);
  // A point purchase is one of the idle rule's activities (core IDLE_ACTIVITY_REASONS); other grants are not.
  const balance = await addPointBalance(tx, g.memberId, g.amount, isIdleActivity(g.reason) ? g.now : null);
  if (balance === null) throw new AppError('not_found', { general: ['notFound'] });
  const lotId = await insertPointLot(tx, {
    memberId: g.memberId,
    kind: g.kind,
    amount: g.amount,
    grantedAt: g.now,
    expiresAt: addMonthsTokyo(g.now, POINT_VALIDITY_MONTHS),
    source: g.reason,
  });
  const ledgerId = await insertLedgerEntry(tx, pointEntry(g.memberId, g.amount, balance, g, g.now));
  await insertLotMove(tx, ledgerId, lotId, g.amount);
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
 * lots, takes the lots in that order, writes the ledger row and the lot moves. It is spend_points_many with one
 * member, which buy_pack_batch uses for a batch: a purchase and a direct spend follow one rule.
 */
export async function spendPoints(tx: PoolClient, s: SpendPoints): Promise<{ ledgerId: number; balance: number }> {
  assertAmount(s.amount);
  try {
    return await callSpendPoints(tx, call(s));
  } catch (err) {
    throw ledgerError(err);
  }
}

/** Expires what is left of one lot (the nightly job calls this per claimed lot). Returns the points expired. */
export async function expireLot(tx: PoolClient, lotId: number, now: Date): Promise<number> {
  const lot = await markLotExpired(tx, lotId, now);
  if (!lot || Number(lot.remaining) === 0) return 0;
  const amount = Number(lot.remaining);
  const memberId = Number(lot.member_id);
  await emptyLot(tx, lotId);
  const balance = await subtractExpiredPoints(tx, memberId, amount);
  const ref = { reason: 'expiry', refType: 'point_lot', refId: lotId };
  const ledgerId = await insertLedgerEntry(tx, pointEntry(memberId, -amount, balance, ref, now));
  await insertLotMove(tx, ledgerId, lotId, -amount);
  return amount;
}

/**
 * Expires every point the member still holds, due or not, for an idle account's closure (ADR 0037). Lots already
 * past their date expire as 'expiry', as the hourly job would have; the rest go in one ledger row with `reason`
 * and a lot move per lot. Locks the lots; the caller holds the member row. Returns the points of that one row.
 */
export async function expireAllPoints(tx: PoolClient, memberId: number, now: Date, reason: string): Promise<number> {
  const lots = await lockHeldLots(tx, memberId);
  const early = lots.filter((l) => l.expires_at.getTime() > now.getTime());
  for (const due of lots.filter((l) => !early.includes(l))) await expireLot(tx, Number(due.id), now);
  const amount = early.reduce((sum, l) => sum + Number(l.remaining), 0);
  if (amount === 0) return 0;
  await expireLotsEarly(
    tx,
    early.map((l) => Number(l.id)),
    now,
  );
  const balance = await subtractExpiredPoints(tx, memberId, amount);
  const ledgerId = await insertLedgerEntry(tx, pointEntry(memberId, -amount, balance, { reason }, now));
  for (const l of early) await insertLotMove(tx, ledgerId, Number(l.id), -Number(l.remaining));
  return amount;
}

/**
 * Changes a coin balance (coins have no lots) through the SQL function change_coins (db/functions). Negative
 * amounts fail with 'insufficient_coins' below zero.
 */
export async function changeCoins(
  tx: PoolClient,
  c: LedgerRef & { memberId: number; amount: number; now: Date },
): Promise<{ ledgerId: number; balance: number }> {
  if (!Number.isSafeInteger(c.amount) || c.amount === 0) throw new RangeError(`bad coin amount ${c.amount}`);
  try {
    return await callChangeCoins(tx, call(c));
  } catch (err) {
    throw ledgerError(err);
  }
}
