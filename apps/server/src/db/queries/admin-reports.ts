import { many, maybeOne, type Queryable } from '../queryable.ts';

/**
 * Unused balances at the end of the Tokyo day `day` (YYYY-MM-DD), from the per-day figures (migration 0025, ADR
 * 0039): paid and free points are the net moves of paid and free lots (grants +, spends and expiry -) whose ledger
 * row was written on or before that day; coins the sum of their ledger rows. The same sums as a scan of the ledger
 * and its lot moves, read from a few rows per day.
 */
export async function unusedBalancesThrough(
  db: Queryable,
  day: string,
): Promise<{ paid_points: number; free_points: number; coins: number }> {
  const row = await maybeOne<{ paid_points: string; free_points: string; coins: string }>(
    db,
    `SELECT COALESCE(sum(paid_points), 0) AS paid_points, COALESCE(sum(free_points), 0) AS free_points,
       COALESCE(sum(coins), 0) AS coins
     FROM daily_figures_all WHERE day <= $1::date`,
    [day],
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
