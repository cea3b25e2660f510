import type { Carrier } from './carriers.ts';
import type { ShipmentStatus } from './status.ts';

/** One step of a parcel's life as the member's purchase history shows it. */
export interface ShipmentTimelineStep {
  status: ShipmentStatus;
  /** Asia/Tokyo, YYYY-MM-DD HH:mm:ss. */
  at: string;
}

/** The shipment of a purchase on the history detail (field `shipment`; null when nothing was shipped). */
export interface HistoryShipment {
  id: number;
  status: ShipmentStatus;
  carrier: Carrier | null;
  tracking_number: string;
  /** The carrier's tracking page, once shipped with a number; '' otherwise. */
  tracking_url: string;
  timeline: ShipmentTimelineStep[];
}

/**
 * The steps a member sees: the staff's internal back-and-forth (packed → preparing) is folded, so each status
 * appears once, at its latest time, in the order the parcel reached it.
 */
export function memberTimeline(events: readonly ShipmentTimelineStep[]): ShipmentTimelineStep[] {
  const last = new Map<ShipmentStatus, ShipmentTimelineStep>();
  for (const e of events) {
    last.delete(e.status);
    last.set(e.status, e);
  }
  return [...last.values()];
}
