import { formatTokyo, prefectureName, type Lang } from '@oripa/core';
import {
  trackingUrl,
  type AdminShipmentDetail,
  type AdminShipmentEvent,
  type AdminShipmentRow,
  type PickListReply,
} from '@oripa/core/admin';
import type { ShipmentEventRow, ShipmentListRow } from '../../db/queries/admin-shipments.ts';
import type { PickListPage, ShipmentWithLines } from '../../services/admin/fulfilment/queue.ts';
import { cardName } from '../pack.ts';

export function presentShipmentRow(r: ShipmentListRow): AdminShipmentRow {
  const a = r.address;
  return {
    id: Number(r.id),
    member_id: Number(r.member_id),
    status: r.status,
    carrier: r.carrier,
    tracking_number: r.delivery_code,
    recipient: a.name,
    zipcode: a.zipcode,
    address: `${prefectureName(a.pref_id, 'ja')}${a.shiku}${a.address}`,
    building: a.building ?? '',
    tel: a.tel,
    line_count: r.line_count,
    created_at: formatTokyo(r.created_at),
    updated_at: formatTokyo(r.updated_at),
    shipped_at: r.shipped_at ? formatTokyo(r.shipped_at) : null,
  };
}

/**
 * A shipment with its cards, named in the console's language (a card without an English name keeps its Japanese
 * one; the model number is what identifies the physical card either way).
 */
export function presentShipmentDetail(s: ShipmentWithLines, lang: Lang): AdminShipmentDetail {
  return {
    ...presentShipmentRow(s),
    tracking_url: s.carrier && s.delivery_code ? trackingUrl(s.carrier, s.delivery_code) : '',
    lines: s.lines.map((l) => ({
      source: l.source,
      source_id: Number(l.source_id),
      history_id: l.source === 'draw' ? Number(l.source_id) : null,
      purchase_id: l.purchase_id === null ? null : Number(l.purchase_id),
      ticket_no: l.ticket_no,
      rank: l.rank,
      name: cardName(l, lang),
      model_number: l.model_number,
      image_url: l.image_url,
      pack_name: lang === 'en' && l.pack_name_en ? l.pack_name_en : l.pack_name_ja,
    })),
  };
}

export function presentShipmentEvent(e: ShipmentEventRow): AdminShipmentEvent {
  return {
    from_status: e.from_status,
    to_status: e.to_status,
    staff_id: e.staff_id === null ? null : Number(e.staff_id),
    carrier: e.carrier,
    tracking_number: e.tracking_number,
    note: e.note,
    created_at: formatTokyo(e.created_at),
  };
}

export function presentPickList(p: PickListPage, lang: Lang): PickListReply {
  return {
    shipments: p.shipments.map((s) => presentShipmentDetail(s, lang)),
    total: p.total,
    from: p.from,
    to: p.to,
    next_after: p.nextAfter,
  };
}
