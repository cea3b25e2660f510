import type { PackListQuery } from '@oripa/core';
import { many, oneNumber, type Queryable } from '../queryable.ts';
import { PACK_COLUMNS, type PackRow } from './packs.ts';

/**
 * A pack's sale state at $2 (the filter's terms): sold out, closed or revealed → soldOut; sale not started →
 * soon; else onSale. Tickets left are pack_stock's total less drawn (a pack without a stock row has none).
 */
const LEFT = 'COALESCE(s.total - s.drawn, 0)';
const STATE = `CASE WHEN ${LEFT} <= 0 OR p.revealed_at IS NOT NULL OR (p.closed_at IS NOT NULL AND p.closed_at <= $2)
    THEN 'soldOut' WHEN p.start_date > $2 THEN 'soon' ELSE 'onSale' END`;

/** Every order puts sold-out packs last and ends on the id, so pages never overlap or skip a pack. */
const ORDER: Record<PackListQuery['sort'], string> = {
  new: 'p.start_date DESC, p.id DESC',
  // Coin packs are priced in another currency: they follow the point packs, cheapest first among themselves.
  price: "(p.payment_method = '2'), p.point ASC, p.start_date DESC, p.id DESC",
  remaining: `${LEFT} DESC, p.start_date DESC, p.id DESC`,
};

const FROM = `FROM packs p LEFT JOIN pack_stock s ON s.pack_id = p.id
  WHERE p.card_type = $1 AND ($3 = 'all' OR ${STATE} = $3)`;

/** How many packs of a card type pass the filter. */
export function countListedPacks(db: Queryable, cardType: number, now: Date, filter: PackListQuery['filter']) {
  return oneNumber(db, `SELECT count(*)::int AS n ${FROM}`, [cardType, now, filter]);
}

/** One page of a card type's packs in the list's order, filtered by sale state. */
export function listPacksSorted(
  db: Queryable,
  cardType: number,
  now: Date,
  q: PackListQuery,
  limit: number,
  offset: number,
): Promise<PackRow[]> {
  return many<PackRow>(
    db,
    `SELECT ${PACK_COLUMNS} ${FROM}
     ORDER BY (${STATE} = 'soldOut'), ${ORDER[q.sort]} LIMIT $4 OFFSET $5`,
    [cardType, now, q.filter, limit, offset],
  );
}
