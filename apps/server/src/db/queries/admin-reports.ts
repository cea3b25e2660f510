import { many, maybeOne, type Queryable } from '../queryable.ts';

/**
 * Unused balances at the end of the Tokyo day `day` (YYYY-MM-DD), from the per-day figures (migration 0027, ADR
 * 0040): paid and free points are the net moves of paid and free lots (grants +, spends and expiry -) whose ledger
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

export interface OpenPointsRow {
  month: string;
  overdue: boolean;
  paid_points: string;
  free_points: string;
}

/**
 * Points still unused in lots, by the Tokyo month the lots expire, from the per-day figures (the net moves of lots
 * by their expiry day: what is left of them; migration 0027); lots whose expiry day is before `today` (YYYY-MM-DD)
 * apart as `overdue` (past their date, not yet reached by the hourly expiry job). Summed, this is the members'
 * balance: the ledger's invariant (balance = ledger = unexpired lots).
 */
export async function openPointsByExpiry(db: Queryable, today: string): Promise<OpenPointsRow[]> {
  return many<OpenPointsRow>(
    db,
    `SELECT to_char(day, 'YYYY-MM') AS month, day < $1::date AS overdue, sum(expiring_paid) AS paid_points,
       sum(expiring_free) AS free_points
     FROM daily_figures_all WHERE expiring_paid <> 0 OR expiring_free <> 0
     GROUP BY 1, 2 HAVING sum(expiring_paid) <> 0 OR sum(expiring_free) <> 0 ORDER BY 2 DESC, 1`,
    [today],
  );
}

/** A time as the CSVs write it (formatTokyo's YYYY-MM-DD HH:mm:ss), made by the database: no Date per row. */
const tokyoText = (column: string) => `to_char(${column} AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD HH24:MI:SS')`;

export interface SalesExportRow {
  id: number;
  credited_at: Date;
  /** credited_at in Tokyo time, as written. */
  credited: string;
  public_id: string;
  member_id: number;
  pay_id: number;
  gateway: string;
  amount: number;
  point: number;
  append_point: number;
  coupon_point: number;
}

/**
 * The next `limit` payments credited in [from, to) after the key (credited_at, id), in that order: one batch of
 * the monthly sales CSV, read by key on payments_credited however far into the month.
 */
export async function salesBatch(
  db: Queryable,
  from: Date,
  to: Date,
  after: { at: Date; id: number },
  limit: number,
): Promise<SalesExportRow[]> {
  return many<SalesExportRow>(
    db,
    `SELECT id, credited_at, ${tokyoText('credited_at')} AS credited, public_id, member_id, pay_id, gateway, amount,
       point, append_point, coupon_point
     FROM payments
     WHERE status = 'succeeded' AND credited_at >= $1 AND credited_at < $2 AND (credited_at, id) > ($3, $4)
     ORDER BY credited_at, id LIMIT $5`,
    [from, to, after.at, after.id, limit],
  );
}

export interface PointMovementRow {
  id: number;
  /** created_at in Tokyo time, as written. */
  created: string;
  member_id: number;
  amount: number;
  balance_after: number;
  reason: string;
  ref_type: string | null;
  ref_id: number | null;
  memo: string;
}

/**
 * The first and last ledger ids of the point rows written in [from, to), or null for none. Rows arrive in time
 * order (give or take the moment between taking a time and inserting), so the month's rows lie between the two:
 * found through the BRIN index on created_at, without walking the ids before the month.
 */
export async function pointMovementIds(
  db: Queryable,
  from: Date,
  to: Date,
): Promise<{ first: number; last: number } | null> {
  const row = await maybeOne<{ first: string | null; last: string | null }>(
    db,
    // OFFSET 0 keeps min/max from becoming a walk of the primary key from one end, filtering the dates.
    `SELECT min(id) AS first, max(id) AS last FROM (
       SELECT id FROM ledger_entries WHERE currency = 'point' AND created_at >= $1 AND created_at < $2 OFFSET 0) m`,
    [from, to],
  );
  return row?.first ? { first: Number(row.first), last: Number(row.last) } : null;
}

/** The next `limit` point ledger rows written in [from, to) with an id after `afterId` and up to `lastId`, in order. */
export async function pointMovementsBatch(
  db: Queryable,
  from: Date,
  to: Date,
  afterId: number,
  lastId: number,
  limit: number,
): Promise<PointMovementRow[]> {
  return many<PointMovementRow>(
    db,
    `SELECT id, ${tokyoText('created_at')} AS created, member_id, amount, balance_after, reason, ref_type, ref_id, memo
     FROM ledger_entries
     WHERE id > $3 AND id <= $4 AND currency = 'point' AND created_at >= $1 AND created_at < $2
     ORDER BY id LIMIT $5`,
    [from, to, afterId, lastId, limit],
  );
}
