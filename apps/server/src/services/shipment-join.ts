import type { PoolClient } from 'pg';
import type { ShipmentAddress } from '../db/queries/admin-shipments.ts';
import {
  insertShipment,
  insertShipmentEvent,
  lockMemberShipments,
  lockOpenShipment,
  touchShipment,
} from '../db/queries/shipments.ts';

/**
 * The parcel a card chosen to ship goes into: the member's shipment still being prepared to this same address, or a
 * new one (one parcel per member and address; ADR 0017). Drawn, exchanged and reward cards all come through here
 * (ADR 0027), so they share the box. Opening is serialised per member by a transaction-scoped advisory lock; the
 * open shipment is row-locked, so a move to packed waits for the card to join (or the card opens a new parcel).
 * `purchaseId` is the purchase whose decision opens it (null for an exchange or a reward). Returns the shipment id.
 */
export async function joinShipment(
  tx: PoolClient,
  memberId: number,
  purchaseId: number | null,
  address: ShipmentAddress,
  now: Date,
): Promise<number> {
  await lockMemberShipments(tx, memberId);
  const open = await lockOpenShipment(tx, memberId, address);
  if (open !== null) {
    await touchShipment(tx, open, now);
    return open;
  }
  const shipmentId = await insertShipment(tx, memberId, purchaseId, address, now);
  await insertShipmentEvent(tx, { shipmentId, from: null, to: 'preparing', now });
  return shipmentId;
}
