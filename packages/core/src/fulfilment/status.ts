/**
 * A shipment's life (ADR 0017): 発送準備中 preparing → 梱包済み packed → 発送済み shipped, with 保留 held (set aside,
 * e.g. an address to check) and 返送 returned (the parcel came back). A returned parcel is prepared again.
 */
export const SHIPMENT_STATUSES = ['preparing', 'packed', 'shipped', 'held', 'returned'] as const;
export type ShipmentStatus = (typeof SHIPMENT_STATUSES)[number];

const NEXT: Record<ShipmentStatus, readonly ShipmentStatus[]> = {
  preparing: ['packed', 'held'],
  packed: ['shipped', 'preparing', 'held'],
  held: ['preparing'],
  shipped: ['returned'],
  returned: ['preparing'],
};

export function canMoveShipment(from: ShipmentStatus, to: ShipmentStatus): boolean {
  return NEXT[from].includes(to);
}

/** The moves the console offers from `from`. */
export function shipmentMoves(from: ShipmentStatus): readonly ShipmentStatus[] {
  return NEXT[from];
}

/** Only a move to shipped carries a carrier and tracking number; only preparing/packed shipments take one. */
export function takesTrackingNumber(status: ShipmentStatus): boolean {
  return status === 'preparing' || status === 'packed';
}

export function isShipmentStatus(s: unknown): s is ShipmentStatus {
  return typeof s === 'string' && (SHIPMENT_STATUSES as readonly string[]).includes(s);
}
