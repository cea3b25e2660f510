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

export interface AdminShipmentLine {
  history_id: number;
  purchase_id: number;
  ticket_no: number;
  rank: string;
  name: string;
  model_number: string;
  image_url: string;
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
