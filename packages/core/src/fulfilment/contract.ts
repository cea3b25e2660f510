import type { Carrier } from './carriers.ts';
import type { ShipmentStatus } from './status.ts';

/** Wire shapes of /api/admin/shipments (inside the envelope). Times are Asia/Tokyo `YYYY-MM-DD HH:mm:ss`. */
export interface AdminShipmentRow {
  id: number;
  member_id: number;
  status: ShipmentStatus;
  carrier: Carrier | null;
  tracking_number: string;
  recipient: string;
  zipcode: string;
  /** Prefecture, city and street in one line (Japanese). */
  address: string;
  building: string;
  tel: string;
  line_count: number;
  created_at: string;
  updated_at: string;
  shipped_at: string | null;
}

/** What brought a card into a parcel: a draw, the exchange corner, or rank 7's reward (ADR 0027). */
export type ShipmentLineSource = 'draw' | 'exchange' | 'rank_reward';

export interface AdminShipmentLine {
  source: ShipmentLineSource;
  /** The source row's id: purchase_cards.id (the history_id) for a draw, else the exchange order or reward id. */
  source_id: number;
  /** Kept for drawn cards (the spec's history_id); null for the other sources. */
  history_id: number | null;
  purchase_id: number | null;
  ticket_no: number | null;
  /** Prize rank S-C; '' for an exchanged card. */
  rank: string;
  name: string;
  model_number: string;
  image_url: string;
  /** The pack's name for a drawn card; '' for the other sources (the console names the source). */
  pack_name: string;
}

export interface AdminShipmentEvent {
  from_status: ShipmentStatus | null;
  to_status: ShipmentStatus;
  staff_id: number | null;
  carrier: Carrier | null;
  tracking_number: string | null;
  note: string;
  created_at: string;
}

export interface AdminShipmentDetail extends AdminShipmentRow {
  lines: AdminShipmentLine[];
  tracking_url: string;
}

export interface ShipmentQueueReply {
  rows: AdminShipmentRow[];
  total: number;
  page: number;
  per_page: number;
  counts: Record<ShipmentStatus, number>;
}

/**
 * One page of a pick list (GET /admin/shipments/pick-list): named shipments come whole; a status comes a page at a
 * time, oldest first, read by key (`after` = the last id of the previous page), with where the page stands in the
 * whole status (`from`–`to` of `total`) and the next page's `after`, or null on the last page (issue 21).
 */
export interface PickListReply {
  shipments: AdminShipmentDetail[];
  total: number;
  from: number;
  to: number;
  next_after: number | null;
}
