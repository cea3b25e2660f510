import type { ShipmentStatus } from '@oripa/core/admin';
import { many, maybeOne, type Queryable, oneNumber } from '../queryable.ts';

/** One purchase as the history lists it: its pack's names, its cards' decisions, its latest shipment. */
export interface HistoryRow {
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

const HISTORY_SELECT = `
  SELECT b.id, b.created_at, p.name_ja, p.name_en, b.price,
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

/** mode '0' every purchase, '1' decided ones (shipped and/or converted), '2' those still to choose. */
const MODE_FILTER = {
  '0': 'true',
  '1': 's.pending = 0',
  '2': 's.pending > 0',
} as const;

export type HistoryMode = keyof typeof MODE_FILTER;

export async function countHistory(db: Queryable, memberId: number, mode: HistoryMode): Promise<number> {
  return oneNumber(
    db,
    `SELECT count(*)::int AS n FROM (${HISTORY_SELECT} WHERE b.member_id = $1) x
     WHERE ${MODE_FILTER[mode].replaceAll('s.', 'x.')}`,
    [memberId],
  );
}

/** One page of the member's purchases in `mode`, newest first. */
export async function listHistory(
  db: Queryable,
  memberId: number,
  mode: HistoryMode,
  limit: number,
  offset: number,
): Promise<HistoryRow[]> {
  return many<HistoryRow>(
    db,
    `${HISTORY_SELECT} WHERE b.member_id = $1 AND ${MODE_FILTER[mode]} ORDER BY b.id DESC LIMIT $2 OFFSET $3`,
    [memberId, limit, offset],
  );
}

/** One purchase of this member as the history shows it (null when it is another member's or unknown). */
export async function findHistoryRow(db: Queryable, memberId: number, purchaseId: number): Promise<HistoryRow | null> {
  return maybeOne<HistoryRow>(db, `${HISTORY_SELECT} WHERE b.member_id = $1 AND b.id = $2`, [memberId, purchaseId]);
}
