import { many, maybeOne, type Queryable } from '../queryable.ts';

/**
 * Unused balances as at `before` (exclusive), from the ledger: a lot's balance is the sum of its moves (the grant
 * +, spends and expiry -) whose ledger entry is older than `before`; coins are the sum of their ledger entries.
 */
export async function unusedBalancesAt(
  db: Queryable,
  before: Date,
): Promise<{ paid_points: number; free_points: number; coins: number }> {
  const row = await maybeOne<{ paid_points: string; free_points: string; coins: string }>(
    db,
    `SELECT
       COALESCE(sum(mv.amount) FILTER (WHERE lot.kind = 'paid'), 0) AS paid_points,
       COALESCE(sum(mv.amount) FILTER (WHERE lot.kind = 'free'), 0) AS free_points,
       (SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE currency = 'coin' AND created_at < $1) AS coins
     FROM point_lot_moves mv
     JOIN ledger_entries l ON l.id = mv.ledger_id
     JOIN point_lots lot ON lot.id = mv.lot_id
     WHERE l.created_at < $1`,
    [before],
  );
  return { paid_points: Number(row!.paid_points), free_points: Number(row!.free_points), coins: Number(row!.coins) };
}

export interface SalesExportRow {
  credited_at: Date;
  public_id: string;
  member_id: number;
  pay_id: number;
  gateway: string;
  amount: number;
  point: number;
  append_point: number;
  coupon_point: number;
}

/** Payments credited in [from, to), oldest first. */
export async function salesBetween(db: Queryable, from: Date, to: Date): Promise<SalesExportRow[]> {
  return many<SalesExportRow>(
    db,
    `SELECT credited_at, public_id, member_id, pay_id, gateway, amount, point, append_point, coupon_point
     FROM payments WHERE status = 'succeeded' AND credited_at >= $1 AND credited_at < $2 ORDER BY credited_at, id`,
    [from, to],
  );
}

export interface PointMovementRow {
  id: number;
  created_at: Date;
  member_id: number;
  amount: number;
  balance_after: number;
  reason: string;
  ref_type: string | null;
  ref_id: number | null;
  memo: string;
}

/** Point ledger entries in [from, to), in order. */
export async function pointMovementsBetween(db: Queryable, from: Date, to: Date): Promise<PointMovementRow[]> {
  return many<PointMovementRow>(
    db,
    `SELECT id, created_at, member_id, amount, balance_after, reason, ref_type, ref_id, memo FROM ledger_entries
     WHERE currency = 'point' AND created_at >= $1 AND created_at < $2 ORDER BY id`,
    [from, to],
  );
}
