import { many, maybeOne, type Queryable, insertReturningId, oneNumber } from '../queryable.ts';

/**
 * The point and coin books: balance columns on members, ledger_entries, point lots and their moves. The writes
 * are called only by services/ledger.ts, which holds the rules (amounts, lot order, expiry dates); the expiry job
 * claims its lots here too.
 */

export interface LedgerEntry {
  memberId: number;
  currency: 'point' | 'coin';
  amount: number;
  balanceAfter: number;
  reason: string;
  refType: string | null;
  refId: number | null;
  memo: string;
  now: Date;
}

export async function insertLedgerEntry(tx: Queryable, e: LedgerEntry): Promise<number> {
  return insertReturningId(
    tx,
    `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, reason, ref_type, ref_id, memo, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [e.memberId, e.currency, e.amount, e.balanceAfter, e.reason, e.refType, e.refId, e.memo, e.now],
  );
}

/**
 * Adds (or with a negative amount takes) points to the balance column; null when there is no such member. With
 * `activityAt` the grant is one of the idle rule's activities (a point purchase) and moves last_activity_at.
 */
export async function addPointBalance(
  tx: Queryable,
  memberId: number,
  amount: number,
  activityAt: Date | null = null,
): Promise<number | null> {
  const row = await maybeOne<{ point_balance: number }>(
    tx,
    `UPDATE members SET point_balance = point_balance + $2, last_activity_at = coalesce($3, last_activity_at),
       updated_at = now()
     WHERE id = $1 RETURNING point_balance`,
    [memberId, amount, activityAt],
  );
  return row ? Number(row.point_balance) : null;
}

/** Takes expired points off the balance column (updated_at stays: the member did nothing). */
export async function subtractExpiredPoints(tx: Queryable, memberId: number, amount: number): Promise<number> {
  return oneNumber(tx, 'UPDATE members SET point_balance = point_balance - $2 WHERE id = $1 RETURNING point_balance', [
    memberId,
    amount,
  ]);
}

export interface NewLot {
  memberId: number;
  kind: 'paid' | 'free';
  amount: number;
  grantedAt: Date;
  expiresAt: Date;
  source: string;
}

export async function insertPointLot(tx: Queryable, l: NewLot): Promise<number> {
  return insertReturningId(
    tx,
    `INSERT INTO point_lots (member_id, kind, granted, remaining, granted_at, expires_at, source)
     VALUES ($1, $2, $3, $3, $4, $5, $6) RETURNING id`,
    [l.memberId, l.kind, l.amount, l.grantedAt, l.expiresAt, l.source],
  );
}

/** Which lot a ledger row took points from (negative) or gave points to (positive). */
export async function insertLotMove(tx: Queryable, ledgerId: number, lotId: number, amount: number): Promise<void> {
  await tx.query('INSERT INTO point_lot_moves (ledger_id, lot_id, amount) VALUES ($1, $2, $3)', [
    ledgerId,
    lotId,
    amount,
  ]);
}

/** Claims due lots not yet expired, soonest first, skipping lots another instance holds. */
export async function claimDueLots(tx: Queryable, now: Date, limit: number): Promise<number[]> {
  const rows = await many<{ id: number }>(
    tx,
    `SELECT id FROM point_lots WHERE expired_at IS NULL AND expires_at <= $1
     ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
  return rows.map((r) => Number(r.id));
}

/** Marks a due lot expired and returns what was left of it; null when it was not due or already expired. */
export async function markLotExpired(
  tx: Queryable,
  lotId: number,
  now: Date,
): Promise<{ member_id: number; remaining: number } | null> {
  return maybeOne<{ member_id: number; remaining: number }>(
    tx,
    `UPDATE point_lots SET expired_at = $2 WHERE id = $1 AND expired_at IS NULL AND expires_at <= $2
     RETURNING member_id, remaining`,
    [lotId, now],
  );
}

export async function emptyLot(tx: Queryable, lotId: number): Promise<void> {
  await tx.query('UPDATE point_lots SET remaining = 0 WHERE id = $1', [lotId]);
}

export interface HeldLotRow {
  id: number;
  remaining: number;
  expires_at: Date;
}

/** The member's lots still holding points, locked (after the member row, the order spend_points_many uses). */
export async function lockHeldLots(tx: Queryable, memberId: number): Promise<HeldLotRow[]> {
  return many<HeldLotRow>(
    tx,
    `SELECT id, remaining, expires_at FROM point_lots WHERE member_id = $1 AND remaining > 0 AND expired_at IS NULL
     ORDER BY id FOR UPDATE`,
    [memberId],
  );
}

/** Empties lots before their date and marks them expired (the caller writes the ledger row and moves). */
export async function expireLotsEarly(tx: Queryable, lotIds: number[], now: Date): Promise<void> {
  await tx.query('UPDATE point_lots SET remaining = 0, expired_at = $2 WHERE id = ANY ($1::bigint[])', [lotIds, now]);
}

/** The call of a ledger database function (spend_points, change_coins): its ledger row and new balance. */
export interface LedgerCall {
  memberId: number;
  amount: number;
  now: Date;
  reason: string;
  refType: string | null;
  refId: number | null;
  memo: string;
}

const callValues = (c: LedgerCall) => [c.memberId, c.amount, c.now, c.reason, c.refType, c.refId, c.memo];

async function callLedgerFunction(tx: Queryable, name: string, text: string, c: LedgerCall) {
  const { rows } = await tx.query<{ o_ledger_id: number; o_balance: number }>({ name, text, values: callValues(c) });
  return { ledgerId: Number(rows[0]!.o_ledger_id), balance: Number(rows[0]!.o_balance) };
}

/** spend_points (db/functions): free lots first, then the soonest to expire; raises OR001 when short. */
export function callSpendPoints(tx: Queryable, c: LedgerCall): Promise<{ ledgerId: number; balance: number }> {
  return callLedgerFunction(
    tx,
    'spend-points',
    'SELECT o_ledger_id, o_balance FROM spend_points($1, $2, $3, $4, $5, $6, $7)',
    c,
  );
}

/** change_coins (db/functions): coins have no lots; raises OR002 below zero. */
export function callChangeCoins(tx: Queryable, c: LedgerCall): Promise<{ ledgerId: number; balance: number }> {
  return callLedgerFunction(
    tx,
    'change-coins',
    'SELECT o_ledger_id, o_balance FROM change_coins($1, $2, $3, $4, $5, $6, $7)',
    c,
  );
}
