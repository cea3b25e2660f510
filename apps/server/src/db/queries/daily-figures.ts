import { oneNumber, type Queryable } from '../queryable.ts';

/**
 * The console's figures per Tokyo day (migration 0027, ADR 0040): triggers append deltas
 * (db/functions/note_daily_figures.sql), this folds them into daily_figures, and readers read daily_figures_all
 * (both tables), so what they read is exact whether or not the deltas were folded yet.
 */

const COUNTERS = [
  'payments',
  'yen',
  'points_sold',
  'bonus_points',
  'points_spent',
  'coins_spent',
  'draws',
  'converted',
  'shipped',
  'new_members',
  'paid_points',
  'free_points',
  'coins',
  'expiring_paid',
  'expiring_free',
] as const;

/**
 * Moves up to `limit` deltas (oldest first, skipping those another instance is folding) into daily_figures, in one
 * statement: readers see them in one table or the other, never both or neither. Answers how many it moved.
 */
export async function foldDailyFigureDeltas(db: Queryable, limit: number): Promise<number> {
  const sums = COUNTERS.map((c) => `sum(${c})`).join(', ');
  const adds = COUNTERS.map((c) => `${c} = f.${c} + EXCLUDED.${c}`).join(', ');
  return oneNumber(
    db,
    `WITH moved AS (
       DELETE FROM daily_figure_deltas WHERE id IN (
         SELECT id FROM daily_figure_deltas ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING *
     ), folded AS (
       INSERT INTO daily_figures AS f (day, pay_id, ${COUNTERS.join(', ')})
       SELECT day, pay_id, ${sums} FROM moved GROUP BY day, pay_id ORDER BY day, pay_id
       ON CONFLICT (day, pay_id) DO UPDATE SET ${adds}
     )
     SELECT count(*) FROM moved`,
    [limit],
  );
}
