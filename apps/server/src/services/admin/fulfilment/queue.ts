import type { ShipmentStatus } from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../app-error.ts';
import {
  countShipments,
  countShipmentsUpTo,
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

/**
 * Shipments an export reads per query. An export of a whole status reads them all, batch after batch, and writes
 * each batch to the reply as it comes (carrier-files.ts), so a file of any size takes the memory of one batch.
 */
export const EXPORT_BATCH = 500;

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

/** Each shipment with its cards, best first (one query for the lines of all of them). */
async function withLines(ctx: AppContext, rows: ShipmentListRow[]): Promise<ShipmentWithLines[]> {
  const lines = await shipmentLines(
    ctx.db.pool,
    rows.map((r) => Number(r.id)),
  );
  const byShipment = new Map<number, ShipmentLineRow[]>();
  for (const l of lines) {
    const id = Number(l.shipment_id);
    const list = byShipment.get(id);
    if (list) list.push(l);
    else byShipment.set(id, [l]);
  }
  return rows.map((r) => ({ ...r, lines: byShipment.get(Number(r.id)) ?? [] }));
}

/** The named shipments, each with its cards (a shipment's page, a pick list or export of a selection). */
export async function shipmentsWithLines(ctx: AppContext, ids: number[]): Promise<ShipmentWithLines[]> {
  return withLines(ctx, await findShipments(ctx.db.pool, ids));
}

/**
 * What a carrier file takes, batch by batch: the named shipments, or EVERY shipment in a status, oldest first, read
 * by key EXPORT_BATCH at a time (issue 21: a status export used to stop at the oldest 500 without a word).
 */
export async function* shipmentBatches(
  ctx: AppContext,
  pick: { ids: number[] } | { status: ShipmentStatus },
): AsyncGenerator<ShipmentWithLines[]> {
  if ('ids' in pick) {
    yield await shipmentsWithLines(ctx, pick.ids);
    return;
  }
  let after = 0;
  for (;;) {
    const rows = await shipmentsInStatus(ctx.db.pool, pick.status, after, EXPORT_BATCH);
    if (rows.length > 0) yield await withLines(ctx, rows);
    if (rows.length < EXPORT_BATCH) return;
    after = Number(rows.at(-1)!.id);
  }
}

export interface PickListPage {
  shipments: ShipmentWithLines[];
  total: number;
  from: number;
  to: number;
  nextAfter: number | null;
}

/**
 * A pick list: the named shipments whole, or one page of a status (`perPage` shipments after id `after`, oldest
 * first) with the status's total and where the page stands in it. Pages are read by key, not offset: packing the
 * parcels of page 1 does not make page 2 skip any.
 */
export async function pickList(
  ctx: AppContext,
  pick: { ids: number[] } | { status: ShipmentStatus },
  after: number,
  perPage: number,
): Promise<PickListPage> {
  if ('ids' in pick) {
    const shipments = await shipmentsWithLines(ctx, pick.ids);
    return { shipments, total: shipments.length, from: 1, to: shipments.length, nextAfter: null };
  }
  const db = ctx.db.pool;
  const [rows, total, before] = await Promise.all([
    shipmentsInStatus(db, pick.status, after, perPage + 1),
    countShipments(db, { status: pick.status }),
    after > 0 ? countShipmentsUpTo(db, pick.status, after) : 0,
  ]);
  const page = rows.slice(0, perPage);
  return {
    shipments: await withLines(ctx, page),
    total,
    from: before + 1,
    to: before + page.length,
    nextAfter: rows.length > perPage ? Number(page.at(-1)!.id) : null,
  };
}

export async function shipmentDetail(
  ctx: AppContext,
  id: number,
): Promise<{ shipment: ShipmentWithLines; events: ShipmentEventRow[] }> {
  const [shipment] = await shipmentsWithLines(ctx, [id]);
  if (!shipment) throw notFound();
  return { shipment, events: await shipmentEvents(ctx.db.pool, id) };
}
