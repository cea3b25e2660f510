import type { AdminShipmentLine } from '@oripa/core/admin';
import type { TFunction } from 'i18next';

/** Where a parcel's card came from, as the pick list and the detail name it: the pack, or the programme. */
export function lineOrigin(l: AdminShipmentLine, t: TFunction<'admin-fulfilment'>): string {
  return l.source === 'draw' ? l.pack_name : t(`source.${l.source}`);
}

/** The draw's ticket number, or a dash for the cards no draw brought (exchange, rank reward). */
export const lineTicket = (l: AdminShipmentLine): string => (l.ticket_no === null ? '—' : `#${l.ticket_no}`);

export const lineKey = (l: AdminShipmentLine): string => `${l.source}-${l.source_id}`;
