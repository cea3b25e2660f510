import type { AdminShipmentDetail, AdminShipmentLine, AdminShipmentRow } from '@oripa/core/admin';

/** A parcel of the console's queue as the server lists it: preparing, for 試験 <id>, in Chiyoda; `patch` changes it. */
export const shipmentRow = (id: number, patch: Partial<AdminShipmentRow> = {}): AdminShipmentRow => ({
  id,
  member_id: id,
  status: 'preparing',
  carrier: null,
  tracking_number: '',
  recipient: `試験 ${id}`,
  zipcode: '1000001',
  address: '東京都千代田区千代田1-1',
  building: '',
  tel: '',
  line_count: 0,
  created_at: '2026-11-27 10:00:00',
  updated_at: '2026-11-27 10:00:00',
  shipped_at: null,
  ...patch,
});

/** The same parcel with its cards, as the detail page and the pick list read it. */
export const shipmentDetail = (
  id: number,
  lines: AdminShipmentLine[],
  patch: Partial<AdminShipmentRow> = {},
): AdminShipmentDetail => ({ ...shipmentRow(id, { line_count: lines.length, ...patch }), lines, tracking_url: '' });
