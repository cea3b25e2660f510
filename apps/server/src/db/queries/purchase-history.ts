import type { ShipmentStatus } from '@oripa/core/admin';
import { many, maybeOne, type Queryable, oneNumber } from '../queryable.ts';

/**
 * One row of the member's history: a pack purchase (its pack's names, its cards' decisions, its latest shipment) or
 * an exchanged card (kind 'exchange': the card's names, its price, its decision and its parcel; ADR 0027).
 */
export interface HistoryRow {
  kind: 'pack' | 'exchange';
  id: number;
  created_at: Date;
  name_ja: string;
  name_en: string;
  price: number;
  pending: number;
  shipped: number;
  converted: number;
  reduction_point: number;
  shipment_id: number | null;
  shipment_status: ShipmentStatus | null;
  delivery_code: string | null;
}

const PURCHASE_ROWS = `
  SELECT 'pack'::text AS kind, b.member_id, b.id, b.created_at, p.name_ja, p.name_en, b.price,
    s.pending, s.shipped, s.converted, s.reduction_point, sh.id AS shipment_id, sh.status AS shipment_status,
    sh.delivery_code
  FROM purchases b JOIN packs p ON p.id = b.pack_id
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE d.status = 'pending')::int AS pending,
      count(*) FILTER (WHERE d.status = 'ship')::int AS shipped,
      count(*) FILTER (WHERE d.status = 'convert')::int AS converted,
      COALESCE(sum(d.returned_point), 0)::int AS reduction_point,
      max(d.shipment_id) AS shipment_id
    FROM purchase_cards d WHERE d.purchase_id = b.id) s
  -- A shipment holds the shipped cards of several purchases (one parcel per member and address; ADR 0017).
  LEFT JOIN shipments sh ON sh.id = s.shipment_id`;

// An exchanged card is one card: its decision counts 1 in pending, shipped or converted.
const EXCHANGE_ROWS = `
  SELECT 'exchange'::text, o.member_id, o.id, o.created_at, c.name, c.name_en, o.price,
    (o.status = 'pending')::int, (o.status = 'ship')::int, (o.status = 'convert')::int, o.returned_point,
    sh.id, sh.status, sh.delivery_code
  FROM exchange_orders o JOIN exchange_cards c ON c.id = o.exchange_card_id
  LEFT JOIN shipments sh ON sh.id = o.shipment_id`;

const HISTORY_SELECT = `SELECT h.* FROM (${PURCHASE_ROWS} UNION ALL ${EXCHANGE_ROWS}) h`;

/** mode '0' every row, '1' decided ones (shipped and/or converted), '2' those still to choose. */
const MODE_FILTER = {
  '0': 'true',
  '1': 'h.pending = 0',
  '2': 'h.pending > 0',
} as const;

export type HistoryMode = keyof typeof MODE_FILTER;

export async function countHistory(db: Queryable, memberId: number, mode: HistoryMode): Promise<number> {
  return oneNumber(
    db,
    `SELECT count(*)::int AS n FROM (${HISTORY_SELECT} WHERE h.member_id = $1 AND ${MODE_FILTER[mode]}) x`,
    [memberId],
  );
}

/** One page of the member's purchases and exchanges in `mode`, newest first. */
export async function listHistory(
  db: Queryable,
  memberId: number,
  mode: HistoryMode,
  limit: number,
  offset: number,
): Promise<HistoryRow[]> {
  return many<HistoryRow>(
    db,
    `${HISTORY_SELECT} WHERE h.member_id = $1 AND ${MODE_FILTER[mode]}
     ORDER BY h.created_at DESC, h.kind, h.id DESC LIMIT $2 OFFSET $3`,
    [memberId, limit, offset],
  );
}

/** One purchase (or exchanged card) of this member as the history shows it; null when another's or unknown. */
export async function findHistoryRow(
  db: Queryable,
  memberId: number,
  id: number,
  kind: HistoryRow['kind'] = 'pack',
): Promise<HistoryRow | null> {
  return maybeOne<HistoryRow>(db, `${HISTORY_SELECT} WHERE h.member_id = $1 AND h.id = $2 AND h.kind = $3`, [
    memberId,
    id,
    kind,
  ]);
}
