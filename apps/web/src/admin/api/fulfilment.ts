import type {
  AdminShipmentDetail,
  AdminShipmentEvent,
  AdminShipmentRow,
  Carrier,
  CarrierFile,
  PickListReply,
  ShipmentStatus,
  YamatoService,
} from '@oripa/core/admin';
import { apiGet, apiPost, type Reply } from '../../api/client';
import { fetchList, listQuery } from './list';

/** Fulfilment (apps/server/src/routes/admin/shipments.ts). */
export const fetchShipments = (params: Record<string, string | number | undefined>) =>
  fetchList<AdminShipmentRow, { counts: Record<ShipmentStatus, number> }>('/admin/shipments', params);

export const fetchShipment = (id: number) =>
  apiGet<Reply<{ shipment: AdminShipmentDetail; events: AdminShipmentEvent[] }>>(`/admin/shipments/${id}`);

export type ShipmentPick = { ids: number[] } | { status: ShipmentStatus };
const pickParams = (pick: ShipmentPick) => ('ids' in pick ? { ids: pick.ids.join(',') } : { status: pick.status });

/** A pick list: the named shipments, or one page of a status after the id `after` (0: the first page). */
export const fetchPickList = (pick: ShipmentPick, after = 0) =>
  apiGet<Reply<PickListReply>>(`/admin/shipments/pick-list${listQuery({ ...pickParams(pick), after })}`);

/**
 * The carrier file's address: a plain link downloads it (the staff cookie goes with a same-site navigation), so
 * the browser saves the Shift_JIS bytes untouched.
 */
export const carrierFileUrl = (pick: ShipmentPick, format: CarrierFile, service: YamatoService, customerCode = '') =>
  `/api/admin/shipments/export${listQuery({ ...pickParams(pick), format, service, customer_code: customerCode })}`;

export const moveShipments = (
  ids: number[],
  to: ShipmentStatus,
  extra: { expected_lines?: Record<string, number>; carrier?: Carrier; tracking_number?: string; note?: string } = {},
) => apiPost<Reply<{ moved: number }>>('/admin/shipments/move', { ids, to, ...extra });

export const setTrackingNumber = (id: number, carrier: Carrier, trackingNumber: string) =>
  apiPost('/admin/shipments/tracking', { id, carrier, tracking_number: trackingNumber });

/** The file travels base64-encoded, so Shift_JIS bytes reach the server as they are. */
export async function importTrackingFile(file: File, carrier: Carrier) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return apiPost<Reply<{ imported: number }>>('/admin/shipments/tracking-import', { file: btoa(binary), carrier });
}
