import { many, maybeOne, type Queryable } from '../queryable.ts';

/** The console's dashboard figures over a time range [from, to). */

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

export async function periodFigures(db: Queryable, from: Date, to: Date): Promise<PeriodFigures> {
  const row = await maybeOne<Record<keyof PeriodFigures, string>>(
    db,
    `SELECT
       (SELECT COALESCE(sum(point), 0) FROM payments WHERE status = 'succeeded' AND credited_at >= $1 AND credited_at < $2)
         AS points_sold,
       (SELECT COALESCE(sum(append_point + coupon_point), 0) FROM payments
         WHERE status = 'succeeded' AND credited_at >= $1 AND credited_at < $2) AS bonus_points,
       (SELECT COALESCE(-sum(amount), 0) FROM ledger_entries
         WHERE currency = 'point' AND reason = 'pack_purchase' AND created_at >= $1 AND created_at < $2) AS points_spent,
       (SELECT COALESCE(-sum(amount), 0) FROM ledger_entries
         WHERE currency = 'coin' AND reason = 'pack_purchase' AND created_at >= $1 AND created_at < $2) AS coins_spent,
       -- Draws are tickets: a last-one prize (ticket 0, ADR 0028) is a card won, not a draw.
       (SELECT count(*) FROM purchase_cards WHERE created_at >= $1 AND created_at < $2 AND ticket_no > 0) AS draws,
       (SELECT count(*) FROM purchase_cards WHERE status = 'convert' AND decided_at >= $1 AND decided_at < $2)
         AS converted,
       (SELECT count(*) FROM purchase_cards WHERE status = 'ship' AND decided_at >= $1 AND decided_at < $2) AS shipped,
       (SELECT count(*) FROM members WHERE created_at >= $1 AND created_at < $2) AS new_members`,
    [from, to],
  );
  return Object.fromEntries(Object.entries(row!).map(([k, v]) => [k, Number(v)])) as unknown as PeriodFigures;
}

/** Yen taken per payment method (pay_id) in the range. */
export async function salesByMethod(db: Queryable, from: Date, to: Date) {
  const rows = await many<{ pay_id: number; yen: string; payments: string }>(
    db,
    `SELECT pay_id, sum(amount) AS yen, count(*) AS payments FROM payments
     WHERE status = 'succeeded' AND credited_at >= $1 AND credited_at < $2 GROUP BY pay_id ORDER BY sum(amount) DESC`,
    [from, to],
  );
  return rows.map((r) => ({ pay_id: r.pay_id, yen: Number(r.yen), payments: Number(r.payments) }));
}

/** Per Tokyo day from `from`: yen taken, draws and new members (days without any are absent). */
export async function dailySeries(db: Queryable, from: Date) {
  const rows = await many<{ day: string; yen: string; draws: string; members: string }>(
    db,
    `WITH d AS (
       SELECT to_char(credited_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS day, amount AS yen, 0 AS draws, 0 AS members
         FROM payments WHERE status = 'succeeded' AND credited_at >= $1
       UNION ALL
       SELECT to_char(created_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), 0, 1, 0 FROM purchase_cards WHERE created_at >= $1 AND ticket_no > 0
       UNION ALL
       SELECT to_char(created_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), 0, 0, 1 FROM members WHERE created_at >= $1)
     SELECT day, sum(yen) AS yen, sum(draws) AS draws, sum(members) AS members FROM d GROUP BY day ORDER BY day`,
    [from],
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
