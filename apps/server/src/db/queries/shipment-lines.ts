import type { ShipmentLineSource } from '@oripa/core/admin';
import { many, type Queryable } from '../queryable.ts';

/**
 * Every card that travels in a parcel, whatever brought it (ADR 0027): a drawn card (purchase_cards), an exchanged
 * card (exchange_orders) or rank 7's reward card (rank_card_rewards). Each source keeps its own shipment_id; this is
 * the one place that reads them as one list, so counts, pick lists, carrier files and mails agree. Used as a
 * subquery: `FROM (${SHIPMENT_LINES}) l WHERE l.shipment_id = …` (the planner pushes the condition into each arm).
 */
export const SHIPMENT_LINES = `
  SELECT d.shipment_id, 'draw'::text AS source, d.id AS source_id, d.purchase_id, d.ticket_no, c.rank, c.name,
    c.name_en, c.model_number, c.image_url, p.name_ja AS pack_name_ja, p.name_en AS pack_name_en
  FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id JOIN packs p ON p.id = d.pack_id
  WHERE d.shipment_id IS NOT NULL
  UNION ALL
  SELECT o.shipment_id, 'exchange', o.id, NULL, NULL, '', c.name, c.name_en, c.model_number, c.image_url, '', ''
  FROM exchange_orders o JOIN exchange_cards c ON c.id = o.exchange_card_id
  WHERE o.shipment_id IS NOT NULL
  UNION ALL
  SELECT r.shipment_id, 'rank_reward', r.id, NULL, NULL, c.rank, c.name, c.name_en, c.model_number, c.image_url, '',
    ''
  FROM rank_card_rewards r JOIN pack_cards c ON c.id = r.card_key::bigint
  WHERE r.shipment_id IS NOT NULL`;

/** The number of cards in shipment `s` (an SQL expression for a query whose shipments are aliased `s`). */
export const LINE_COUNT = `(SELECT count(*)::int FROM (${SHIPMENT_LINES}) l WHERE l.shipment_id = s.id)`;

/** A card in a shipment (a shipment line). purchase_id and ticket_no are null for exchanged and reward cards. */
export interface ShipmentLineRow {
  shipment_id: number;
  source: ShipmentLineSource;
  source_id: number;
  purchase_id: number | null;
  ticket_no: number | null;
  /** The prize rank (S-C) of a pack card; '' for an exchanged card, which has none. */
  rank: string;
  name: string;
  /** The English name ('' where none was given: the console then shows the Japanese one). */
  name_en: string;
  model_number: string;
  image_url: string;
  /** The pack's name for a drawn card; '' otherwise (the console names the source). */
  pack_name_ja: string;
  pack_name_en: string;
}

/** The lines of these shipments, best cards first (the order a picker fills the box). */
export async function shipmentLines(db: Queryable, shipmentIds: number[]): Promise<ShipmentLineRow[]> {
  return many<ShipmentLineRow>(
    db,
    `SELECT l.* FROM (${SHIPMENT_LINES}) l WHERE l.shipment_id = ANY($1::bigint[])
     ORDER BY l.shipment_id, coalesce(array_position(ARRAY['S', 'A', 'B', 'C'], l.rank), 5), l.name, l.source,
       l.source_id`,
    [shipmentIds],
  );
}

/**
 * The card names of one shipment in the order they joined it (the shipped mail's list), in the member's language
 * (a card without an English name keeps its Japanese one).
 */
export async function shipmentItemNames(db: Queryable, shipmentId: number, lang: 'ja' | 'en'): Promise<string[]> {
  const rows = await many<{ name: string; name_en: string }>(
    db,
    `SELECT l.name, l.name_en FROM (${SHIPMENT_LINES}) l WHERE l.shipment_id = $1 ORDER BY l.source, l.source_id`,
    [shipmentId],
  );
  return rows.map((r) => (lang === 'en' && r.name_en ? r.name_en : r.name));
}
