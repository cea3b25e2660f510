import type { Rank } from '@oripa/core';
import { many, maybeOne, type Queryable, oneNumber } from '../queryable.ts';

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

/** A pack's lineup (every card, any order). */
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

export async function countPacksOfType(db: Queryable, cardType: number): Promise<number> {
  return oneNumber(db, 'SELECT count(*)::int AS n FROM packs WHERE card_type = $1', [cardType]);
}

/** One page of a card type's packs: on sale before finished, then by sort, newest first. */
export async function listPacksOfType(
  db: Queryable,
  cardType: number,
  limit: number,
  offset: number,
): Promise<PackRow[]> {
  return many<PackRow>(
    db,
    `SELECT ${PACK_COLUMNS} FROM packs p WHERE p.card_type = $1
     ORDER BY (p.closed_at IS NOT NULL OR p.revealed_at IS NOT NULL), p.sort, p.id DESC LIMIT $2 OFFSET $3`,
    [cardType, limit, offset],
  );
}

/** Remaining tickets per rank: the lineup's tickets of each rank less those the draw cursor has passed. */
export async function remainingTicketsByRank(db: Queryable, packId: number): Promise<{ rank: Rank; n: number }[]> {
  return many(
    db,
    `SELECT c.rank, sum(c.set_count)::int - CASE c.rank WHEN 'S' THEN s.drawn_s WHEN 'A' THEN s.drawn_a
       WHEN 'B' THEN s.drawn_b ELSE s.drawn_c END AS n
     FROM pack_cards c JOIN pack_stock s ON s.pack_id = c.pack_id WHERE c.pack_id = $1
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

/** The public draw log, newest first. `limit` null means every draw (the fairness endpoint). */
export async function drawLog(db: Queryable, packId: number, limit: number | null): Promise<DrawLogRow[]> {
  return many<DrawLogRow>(
    db,
    `SELECT d.created_at, c.rank, m.last_name, m.first_name, d.ticket_no, d.pack_card_id
     FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id JOIN members m ON m.id = d.member_id
     WHERE d.pack_id = $1 ORDER BY d.ticket_no DESC LIMIT $2`,
    [packId, limit],
  );
}
