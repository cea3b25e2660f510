import { many, maybeOne, type Queryable } from '../queryable.ts';

/**
 * The console's dashboard figures, from the per-Tokyo-day figures (migration 0027, ADR 0040): whole Tokyo days
 * from `fromDay` (YYYY-MM-DD) on. The figures of a day are those of the rows written with a time in it, so "today"
 * holds what was written up to now.
 */

export interface PeriodFigures {
  points_sold: number;
  bonus_points: number;
  points_spent: number;
  coins_spent: number;
  draws: number;
  converted: number;
  shipped: number;
  new_members: number;
}

export async function periodFigures(db: Queryable, fromDay: string): Promise<PeriodFigures> {
  const row = await maybeOne<Record<keyof PeriodFigures, string>>(
    db,
    `SELECT COALESCE(sum(points_sold), 0) AS points_sold, COALESCE(sum(bonus_points), 0) AS bonus_points,
       COALESCE(sum(points_spent), 0) AS points_spent, COALESCE(sum(coins_spent), 0) AS coins_spent,
       COALESCE(sum(draws), 0) AS draws, COALESCE(sum(converted), 0) AS converted,
       COALESCE(sum(shipped), 0) AS shipped, COALESCE(sum(new_members), 0) AS new_members
     FROM daily_figures_all WHERE day >= $1::date`,
    [fromDay],
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as unknown as PeriodFigures;
}

/** Yen taken per payment method (pay_id) from `fromDay` on, most first. */
export async function salesByMethod(db: Queryable, fromDay: string) {
  const rows = await many<{ pay_id: number; yen: string; payments: string }>(
    db,
    `SELECT pay_id, sum(yen) AS yen, sum(payments) AS payments FROM daily_figures_all
     WHERE day >= $1::date AND pay_id <> 0 GROUP BY pay_id HAVING sum(payments) <> 0
     ORDER BY sum(yen) DESC, pay_id`,
    [fromDay],
  );
  return rows.map((r) => ({ pay_id: r.pay_id, yen: Number(r.yen), payments: Number(r.payments) }));
}

/** Per Tokyo day from `fromDay`: yen taken, draws and new members (days without any of the three are absent). */
export async function dailySeries(db: Queryable, fromDay: string) {
  const rows = await many<{ day: string; yen: string; draws: string; members: string }>(
    db,
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(yen) AS yen, sum(draws) AS draws, sum(new_members) AS members
     FROM daily_figures_all WHERE day >= $1::date
     GROUP BY day HAVING sum(payments) <> 0 OR sum(draws) <> 0 OR sum(new_members) <> 0 ORDER BY day`,
    [fromDay],
  );
  return rows.map((r) => ({ day: r.day, yen: Number(r.yen), draws: Number(r.draws), members: Number(r.members) }));
}

/** Packs on sale with at most `share` of their tickets left (closest to selling out first). */
export async function packsNearSellOut(db: Queryable, now: Date, share: number, limit: number) {
  return many<{ id: number; draft_id: number | null; name_ja: string; name_en: string; total: number; drawn: number }>(
    db,
    `SELECT p.id, d.id AS draft_id, p.name_ja, p.name_en, s.total, s.drawn FROM packs p
     JOIN pack_stock s ON s.pack_id = p.id LEFT JOIN pack_drafts d ON d.pack_id = p.id
     WHERE s.drawn < s.total AND (s.total - s.drawn) <= s.total * $2::numeric
       AND (p.closed_at IS NULL OR p.closed_at > $1) AND p.start_date <= $1
     ORDER BY (s.total - s.drawn)::numeric / s.total, p.id LIMIT $3`,
    [now, share, limit],
  );
}

/** Work waiting: shipments not yet sent, bank transfers not yet received. */
export async function pendingWork(db: Queryable, bankPayId: number) {
  const row = await maybeOne<{ shipments: string; transfers: string; transfer_yen: string }>(
    db,
    `SELECT (SELECT count(*) FROM shipments WHERE status NOT IN ('shipped', 'returned')) AS shipments,
       (SELECT count(*) FROM payments WHERE pay_id = $1 AND status IN ('pending', 'requires_action')) AS transfers,
       (SELECT COALESCE(sum(amount), 0) FROM payments WHERE pay_id = $1 AND status IN ('pending', 'requires_action'))
         AS transfer_yen`,
    [bankPayId],
  );
  return {
    shipments: Number(row!.shipments),
    transfers: Number(row!.transfers),
    transfer_yen: Number(row!.transfer_yen),
  };
}
