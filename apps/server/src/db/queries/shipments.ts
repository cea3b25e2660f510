import type { Queryable } from '../queryable.ts';

/** A new shipment carrying the address snapshot (JSON); returns its id. */
export async function insertShipment(
  db: Queryable,
  memberId: number,
  purchaseId: number,
  address: unknown,
  now: Date,
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    'INSERT INTO shipments (member_id, purchase_id, address, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
    [memberId, purchaseId, JSON.stringify(address), now],
  );
  return Number(rows[0]!.id);
}
