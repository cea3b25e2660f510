import type { ShipmentStatus } from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../app-error.ts';
import {
  countShipments,
  findShipments,
  listShipments,
  shipmentEvents,
  shipmentStatusCounts,
  shipmentsInStatus,
  type ShipmentEventRow,
  type ShipmentFilter,
  type ShipmentListRow,
  type ShipmentSort,
} from '../../../db/queries/admin-shipments.ts';
import { shipmentLines, type ShipmentLineRow } from '../../../db/queries/shipment-lines.ts';

/** The most shipments one export, pick list or bulk move takes (a day's work of a busy shop). */
export const MAX_BATCH = 500;

export async function shipmentQueue(
  ctx: AppContext,
  filter: ShipmentFilter,
  sort: ShipmentSort,
  desc: boolean,
  page: number,
  perPage: number,
): Promise<{ rows: ShipmentListRow[]; total: number; counts: Record<ShipmentStatus, number> }> {
  const db = ctx.db.pool;
  const [total, rows, byStatus] = await Promise.all([
    countShipments(db, filter),
    listShipments(db, filter, sort, desc, perPage, (page - 1) * perPage),
    shipmentStatusCounts(db),
  ]);
  const counts = { preparing: 0, packed: 0, shipped: 0, held: 0, returned: 0 };
  for (const c of byStatus) counts[c.status] = c.n;
  return { rows, total, counts };
}

export interface ShipmentWithLines extends ShipmentListRow {
  lines: ShipmentLineRow[];
}

/** Shipments by id (or every one in a status), each with its cards: the pick list and the carrier files. */
export async function shipmentsWithLines(
  ctx: AppContext,
  pick: { ids: number[] } | { status: ShipmentStatus },
): Promise<ShipmentWithLines[]> {
  const db = ctx.db.pool;
  const rows = 'ids' in pick ? await findShipments(db, pick.ids) : await shipmentsInStatus(db, pick.status, MAX_BATCH);
  const lines = await shipmentLines(
    db,
    rows.map((r) => Number(r.id)),
  );
  return rows.map((r) => ({ ...r, lines: lines.filter((l) => Number(l.shipment_id) === Number(r.id)) }));
}

export async function shipmentDetail(
  ctx: AppContext,
  id: number,
): Promise<{ shipment: ShipmentWithLines; events: ShipmentEventRow[] }> {
  const [shipment] = await shipmentsWithLines(ctx, { ids: [id] });
  if (!shipment) throw notFound();
  return { shipment, events: await shipmentEvents(ctx.db.pool, id) };
}
