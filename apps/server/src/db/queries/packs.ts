import type { Rank } from '@oripa/core';
import { many, maybeOne, type Queryable } from '../queryable.ts';

/** A pack row as the services read it (seed excluded unless revealed: see PACK_COLUMNS). */
export interface PackRow {
  id: number;
  card_type: number;
  name_ja: string;
  name_en: string;
  detail_ja: string;
  detail_en: string;
  images: string[];
  eye_catch: string;
  point: number;
  payment_method: '1' | '2';
  max_buy_count: number;
  rank_limit: number;
  sms_only: boolean;
  show_cardlist: boolean;
  start_date: Date;
  closed_at: Date | null;
  seed_hash: string;
  /** Hex, only when revealed_at is set. */
  revealed_seed: string | null;
  revealed_at: Date | null;
  total_tickets: number;
}

/** Selects a pack without ever reading the secret seed into memory before it is revealed. */
export const PACK_COLUMNS = `p.id, p.card_type, p.name_ja, p.name_en, p.detail_ja, p.detail_en, p.images, p.eye_catch,
  p.point, p.payment_method, p.max_buy_count, p.rank_limit, p.sms_only, p.show_cardlist, p.start_date, p.closed_at,
  p.seed_hash, CASE WHEN p.revealed_at IS NOT NULL THEN encode(p.seed, 'hex') END AS revealed_seed, p.revealed_at,
  p.total_tickets`;

export interface CardRow {
  id: number;
  pack_id: number;
  rank: Rank;
  /** The Japanese name (the lineup as published); name_en its English name, '' where none was given. */
  name: string;
  name_en: string;
  image_url: string;
  set_count: number;
  model_number: string;
  rarity: 0 | 1 | 2 | 3;
  buy_point: number;
  no_reduction: boolean;
  movie_url: string;
  /** The pack's last-one prize (ADR 0028): no tickets, outside the lineup and the sequence. */
  last_one: boolean;
}

/** One pack by id. Named: the purchase reply reads it under a rush, so each pooled connection plans it once. */
export async function findPack(db: Queryable, packId: number): Promise<PackRow | null> {
  const { rows } = await db.query<PackRow>({
    name: 'pack-by-id',
    text: `SELECT ${PACK_COLUMNS} FROM packs p WHERE p.id = $1`,
    values: [packId],
  });
  return rows[0] ?? null;
}

/** A pack's cards, any order: the lineup and, if it has one, its last-one prize (last_one). */
export async function packCards(db: Queryable, packId: number): Promise<CardRow[]> {
  return many<CardRow>(db, 'SELECT * FROM pack_cards WHERE pack_id = $1', [packId]);
}

/** Whether any pack exists at all (the demo seed runs once). */
export async function anyPackExists(db: Queryable): Promise<boolean> {
  return (await maybeOne(db, 'SELECT 1 FROM packs LIMIT 1')) !== null;
}

/** Tickets the draw cursor has not passed yet, per pack (one pack_stock row each; packs without one are absent). */
export async function remainingTickets(db: Queryable, packIds: number[]): Promise<{ pack_id: number; n: number }[]> {
  return many(db, 'SELECT pack_id, total - drawn AS n FROM pack_stock WHERE pack_id = ANY($1::bigint[])', [packIds]);
}

/** Sets revealed_at (once) and answers the now public seeds. */
export async function revealPacks(
  db: Queryable,
  packIds: number[],
  now: Date,
): Promise<{ id: number; seed: string; revealed_at: Date }[]> {
  return many(
    db,
    `UPDATE packs SET revealed_at = COALESCE(revealed_at, $2) WHERE id = ANY($1::bigint[])
     RETURNING id, encode(seed, 'hex') AS seed, revealed_at`,
    [packIds, now],
  );
}

/** Reveals the packs among `packIds` that are sold out and not revealed yet. */
export async function revealSoldOutPacks(db: Queryable, packIds: number[], now: Date): Promise<void> {
  await db.query(
    `UPDATE packs p SET revealed_at = $2 WHERE p.id = ANY($1::bigint[]) AND p.revealed_at IS NULL
       AND EXISTS (SELECT 1 FROM pack_stock s WHERE s.pack_id = p.id AND s.drawn = s.total)`,
    [packIds, now],
  );
}

/** The top page's packs of every card type: not closed nor revealed before `since` (at most 100). */
export async function listCurrentPacks(db: Queryable, since: Date): Promise<PackRow[]> {
  return many<PackRow>(
    db,
    `SELECT ${PACK_COLUMNS} FROM packs p
     WHERE (p.closed_at IS NULL OR p.closed_at > $1) AND (p.revealed_at IS NULL OR p.revealed_at > $1)
     ORDER BY p.card_type, p.sort, p.id LIMIT 100`,
    [since],
  );
}

/** Remaining tickets per rank: the lineup's tickets of each rank less those the draw cursor has passed. */
export async function remainingTicketsByRank(db: Queryable, packId: number): Promise<{ rank: Rank; n: number }[]> {
  return many(
    db,
    `SELECT c.rank, sum(c.set_count)::int - CASE c.rank WHEN 'S' THEN s.drawn_s WHEN 'A' THEN s.drawn_a
       WHEN 'B' THEN s.drawn_b ELSE s.drawn_c END AS n
     FROM pack_cards c JOIN pack_stock s ON s.pack_id = c.pack_id WHERE c.pack_id = $1 AND NOT c.last_one
     GROUP BY c.rank, s.drawn_s, s.drawn_a, s.drawn_b, s.drawn_c`,
    [packId],
  );
}

export interface DrawLogRow {
  created_at: Date;
  rank: Rank;
  last_name: string;
  first_name: string;
  ticket_no: number;
  pack_card_id: number;
}

/**
 * The public draw log, newest first. `limit` null means every draw (the fairness endpoint). Tickets only: the
 * last-one award (ticket 0) is not a draw of the sequence and is published on its own (lastOneAward).
 */
export async function drawLog(db: Queryable, packId: number, limit: number | null): Promise<DrawLogRow[]> {
  return many<DrawLogRow>(
    db,
    `SELECT d.created_at, c.rank, m.last_name, m.first_name, d.ticket_no, d.pack_card_id
     FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id JOIN members m ON m.id = d.member_id
     WHERE d.pack_id = $1 AND d.ticket_no > 0 ORDER BY d.ticket_no DESC LIMIT $2`,
    [packId, limit],
  );
}

/** The last-one award of a pack: who won it, with which purchase, and that purchase's tickets. */
export interface LastOneAwardRow {
  history_id: number;
  pack_card_id: number;
  purchase_id: number;
  member_id: number;
  last_name: string;
  first_name: string;
  created_at: Date;
  /** The first and last ticket of the purchase it came with: the last must be the pack's final ticket. */
  first_ticket: number;
  last_ticket: number;
}

/** The pack's last-one award (ticket 0 of its drawn cards: at most one), or null before the sell-out or without one. */
export async function lastOneAward(db: Queryable, packId: number): Promise<LastOneAwardRow | null> {
  return maybeOne<LastOneAwardRow>(
    db,
    `SELECT d.id AS history_id, d.pack_card_id, d.purchase_id, d.member_id, m.last_name, m.first_name, d.created_at,
       r.first_ticket, r.last_ticket
     FROM purchase_cards d JOIN members m ON m.id = d.member_id
     CROSS JOIN LATERAL (SELECT min(e.ticket_no) AS first_ticket, max(e.ticket_no) AS last_ticket
       FROM purchase_cards e WHERE e.purchase_id = d.purchase_id AND e.ticket_no > 0) r
     WHERE d.pack_id = $1 AND d.ticket_no = 0`,
    [packId],
  );
}
