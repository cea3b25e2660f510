import type { Carrier, ShipmentStatus } from '@oripa/core/admin';
import { many, maybeOne, type Queryable } from '../queryable.ts';
import { LINE_COUNT, shipmentItemNames } from './shipment-lines.ts';

/** A shipment as the console's queue lists it. */
export interface ShipmentListRow {
  id: number;
  member_id: number;
  status: ShipmentStatus;
  carrier: Carrier | null;
  delivery_code: string;
  address: ShipmentAddress;
  line_count: number;
  created_at: Date;
  updated_at: Date;
  shipped_at: Date | null;
}

/** The address snapshot taken when shipping was chosen (services/packs/decision.ts memberAddress). */
export interface ShipmentAddress {
  zipcode: string;
  pref_id: number;
  shiku: string;
  address: string;
  building: string;
  name: string;
  tel: string;
}

export interface ShipmentFilter {
  status?: ShipmentStatus;
  /** Shipment id, member id, tracking number or part of the recipient's name. */
  q?: string;
}

export const SHIPMENT_SORTS = { id: 's.id', updated_at: 's.updated_at', status: 's.status' } as const;
export type ShipmentSort = keyof typeof SHIPMENT_SORTS;

const LIST_COLUMNS = `s.id, s.member_id, s.status, s.carrier, s.delivery_code, s.address, s.created_at, s.updated_at,
  s.shipped_at, ${LINE_COUNT} AS line_count`;

function where(f: ShipmentFilter): { sql: string; args: unknown[] } {
  const args: unknown[] = [f.status ?? null];
  let sql = '($1::text IS NULL OR s.status = $1)';
  const q = f.q?.trim();
  if (q) {
    args.push(q);
    sql += ` AND (s.id::text = $2 OR s.member_id::text = $2 OR s.delivery_code = $2
      OR s.address->>'name' ILIKE '%' || replace(replace($2, '%', ''), '_', '') || '%')`;
  }
  return { sql, args };
}

export async function countShipments(db: Queryable, f: ShipmentFilter): Promise<number> {
  const w = where(f);
  const row = await maybeOne<{ n: number }>(db, `SELECT count(*)::int AS n FROM shipments s WHERE ${w.sql}`, w.args);
  return row!.n;
}

export async function listShipments(
  db: Queryable,
  f: ShipmentFilter,
  sort: ShipmentSort,
  desc: boolean,
  limit: number,
  offset: number,
): Promise<ShipmentListRow[]> {
  const w = where(f);
  const n = w.args.length;
  return many<ShipmentListRow>(
    db,
    `SELECT ${LIST_COLUMNS} FROM shipments s WHERE ${w.sql}
     ORDER BY ${SHIPMENT_SORTS[sort]} ${desc ? 'DESC' : 'ASC'}, s.id ${desc ? 'DESC' : 'ASC'}
     LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...w.args, limit, offset],
  );
}

/** How many shipments stand in each status (the queue's filter tabs). */
export async function shipmentStatusCounts(db: Queryable): Promise<{ status: ShipmentStatus; n: number }[]> {
  return many(db, 'SELECT status, count(*)::int AS n FROM shipments GROUP BY status');
}

export async function findShipments(db: Queryable, ids: number[]): Promise<ShipmentListRow[]> {
  return many<ShipmentListRow>(
    db,
    `SELECT ${LIST_COLUMNS} FROM shipments s WHERE s.id = ANY($1::bigint[]) ORDER BY s.id`,
    [ids],
  );
}

/**
 * Up to `limit` shipments in one status with ids after `afterId`, oldest first: one batch of an export or one page
 * of a pick list, read by key (the shipments_queue index), so a whole status of any size is read in steps and a
 * page does not shift when parcels before it move on.
 */
export async function shipmentsInStatus(db: Queryable, status: ShipmentStatus, afterId: number, limit: number) {
  return many<ShipmentListRow>(
    db,
    `SELECT ${LIST_COLUMNS} FROM shipments s WHERE s.status = $1 AND s.id > $2 ORDER BY s.id LIMIT $3`,
    [status, afterId, limit],
  );
}

/** How many shipments in `status` have ids up to `id` (where a pick list page starts among the whole status). */
export async function countShipmentsUpTo(db: Queryable, status: ShipmentStatus, id: number): Promise<number> {
  const row = await maybeOne<{ n: number }>(
    db,
    'SELECT count(*)::int AS n FROM shipments WHERE status = $1 AND id <= $2',
    [status, id],
  );
  return row!.n;
}

export interface ShipmentEventRow {
  id: number;
  shipment_id: number;
  from_status: ShipmentStatus | null;
  to_status: ShipmentStatus;
  staff_id: number | null;
  carrier: Carrier | null;
  tracking_number: string | null;
  note: string;
  created_at: Date;
}

export async function shipmentEvents(db: Queryable, shipmentId: number): Promise<ShipmentEventRow[]> {
  return many<ShipmentEventRow>(db, 'SELECT * FROM shipment_events WHERE shipment_id = $1 ORDER BY id', [shipmentId]);
}

/** A shipment under a row lock, as a move judges it. */
export interface LockedShipment {
  id: number;
  member_id: number;
  status: ShipmentStatus;
  carrier: Carrier | null;
  delivery_code: string;
  line_count: number;
}

/** The named shipments, row-locked in id order (bulk moves lock the same way, so they cannot deadlock). */
export async function lockShipments(db: Queryable, ids: number[]): Promise<LockedShipment[]> {
  const rows = await many<LockedShipment>(
    db,
    `SELECT s.id, s.member_id, s.status, s.carrier, s.delivery_code,
       ${LINE_COUNT} AS line_count
     FROM shipments s WHERE s.id = ANY($1::bigint[]) ORDER BY s.id FOR UPDATE OF s`,
    [ids],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id), member_id: Number(r.member_id) }));
}

/** Writes a shipment's new status; carrier and number when given; shipped_at with 'shipped'. */
export async function updateShipment(
  db: Queryable,
  id: number,
  to: ShipmentStatus,
  now: Date,
  tracking?: { carrier: Carrier; number: string },
): Promise<void> {
  await db.query(
    `UPDATE shipments SET status = $2, updated_at = $3,
       shipped_at = CASE WHEN $2 = 'shipped' THEN $3 ELSE shipped_at END,
       carrier = COALESCE($4, carrier), delivery_code = COALESCE($5, delivery_code)
     WHERE id = $1`,
    [id, to, now, tracking?.carrier ?? null, tracking?.number ?? null],
  );
}

/** Which shipments already hold any of these carrier + tracking number pairs. */
export async function shipmentsWithTracking(
  db: Queryable,
  pairs: { carrier: Carrier; number: string }[],
): Promise<{ id: number; carrier: Carrier; delivery_code: string }[]> {
  const rows = await many<{ id: string; carrier: Carrier; delivery_code: string }>(
    db,
    `SELECT s.id, s.carrier, s.delivery_code FROM shipments s
     JOIN unnest($1::text[], $2::text[]) AS t(carrier, code) ON s.carrier = t.carrier AND s.delivery_code = t.code`,
    [pairs.map((p) => p.carrier), pairs.map((p) => p.number)],
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

/** What the shipped mail needs: the member and the names of the cards in the parcel (every kind of line). */
export async function shipmentRecipient(db: Queryable, shipmentId: number) {
  const member = await maybeOne<{ mail: string; lang: 'ja' | 'en'; last_name: string; first_name: string }>(
    db,
    `SELECT m.mail, m.lang, m.last_name, m.first_name FROM shipments s JOIN members m ON m.id = s.member_id
     WHERE s.id = $1`,
    [shipmentId],
  );
  return member && { ...member, items: await shipmentItemNames(db, shipmentId, member.lang) };
}

/** The shipment holding a purchase's shipped cards (latest, should there be several), with its timeline. */
export async function purchaseShipment(db: Queryable, purchaseId: number) {
  return maybeOne<{ id: string; status: ShipmentStatus; carrier: Carrier | null; delivery_code: string }>(
    db,
    `SELECT s.id, s.status, s.carrier, s.delivery_code FROM shipments s
     WHERE s.id = (SELECT max(d.shipment_id) FROM purchase_cards d WHERE d.purchase_id = $1)`,
    [purchaseId],
  );
}
