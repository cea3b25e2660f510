import { maybeOne, type Queryable } from '../queryable.ts';

/** A new shipment carrying the address snapshot (JSON); returns its id. */
export async function insertShipment(
  db: Queryable,
  memberId: number,
  purchaseId: number | null,
  address: unknown,
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO shipments (member_id, purchase_id, address, created_at, updated_at) VALUES ($1, $2, $3, $4, $4)
     RETURNING id`,
    [memberId, purchaseId, JSON.stringify(address), now],
  );
  return Number(rows[0]!.id);
}

/**
 * Serialises the opening of shipments for one member until the transaction ends, so two decisions at once cannot
 * both open a parcel to the same address (ADR 0017).
 */
export async function lockMemberShipments(db: Queryable, memberId: number): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('shipments:' || $1::text, 0))", [memberId]);
}

/** The member's shipment still being prepared to exactly this address (jsonb equality), locked; null when none. */
export async function lockOpenShipment(db: Queryable, memberId: number, address: unknown): Promise<number | null> {
  const row = await maybeOne<{ id: string }>(
    db,
    `SELECT id FROM shipments WHERE member_id = $1 AND status = 'preparing' AND address = $2::jsonb
     ORDER BY id LIMIT 1 FOR UPDATE`,
    [memberId, JSON.stringify(address)],
  );
  return row ? Number(row.id) : null;
}

export async function touchShipment(db: Queryable, id: number, now: Date): Promise<void> {
  await db.query('UPDATE shipments SET updated_at = $2 WHERE id = $1', [id, now]);
}

export interface ShipmentEvent {
  shipmentId: number;
  from: string | null;
  to: string;
  staffId?: number | null;
  carrier?: string | null;
  trackingNumber?: string | null;
  note?: string;
  now: Date;
}

/** One step of a shipment's timeline. */
export async function insertShipmentEvent(db: Queryable, e: ShipmentEvent): Promise<void> {
  await db.query(
    `INSERT INTO shipment_events (shipment_id, from_status, to_status, staff_id, carrier, tracking_number, note,
       created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [e.shipmentId, e.from, e.to, e.staffId ?? null, e.carrier ?? null, e.trackingNumber ?? null, e.note ?? '', e.now],
  );
}
