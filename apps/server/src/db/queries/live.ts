import type { Rank } from '@oripa/core';
import { many, type Queryable } from '../queryable.ts';

/** The channel notify_pack_live.sql sends on: the ids of the packs whose stock moved, comma-separated. */
export const PACK_LIVE_CHANNEL = 'pack_live';

export interface LiveStockRow {
  pack_id: number;
  remaining: number;
  s: number;
  a: number;
  b: number;
  c: number;
}

/** Remaining tickets of some packs, in all and per rank (the last-one prize is no ticket and is left out). */
export function liveStock(db: Queryable, packIds: number[]): Promise<LiveStockRow[]> {
  return many<LiveStockRow>(
    db,
    `SELECT s.pack_id, s.total - s.drawn AS remaining,
       COALESCE(sum(c.set_count) FILTER (WHERE c.rank = 'S'), 0)::int - s.drawn_s AS s,
       COALESCE(sum(c.set_count) FILTER (WHERE c.rank = 'A'), 0)::int - s.drawn_a AS a,
       COALESCE(sum(c.set_count) FILTER (WHERE c.rank = 'B'), 0)::int - s.drawn_b AS b,
       COALESCE(sum(c.set_count) FILTER (WHERE c.rank = 'C'), 0)::int - s.drawn_c AS c
     FROM pack_stock s LEFT JOIN pack_cards c ON c.pack_id = s.pack_id AND NOT c.last_one
     WHERE s.pack_id = ANY($1::bigint[])
     GROUP BY s.pack_id, s.total, s.drawn, s.drawn_s, s.drawn_a, s.drawn_b, s.drawn_c`,
    [packIds],
  );
}

export interface LiveHitRow {
  id: number;
  pack_id: number;
  rank: Rank;
  name: string;
  name_en: string;
  image_url: string;
  created_at: Date;
  /**
   * The first letter of the member's family name when they chose to be named on the ticker (members.ticker_name,
   * ADR 0059), else ''; the presenter decides what of it is shown ('' is the anonymous label).
   */
  initial: string;
}

/**
 * The newest S and A draws among drawn cards (`afterId`, `upToId`], newest first. Walks purchase_cards
 * backwards by its key and stops after `limit` hits, so a burst of thousands of C draws costs one index range.
 */
export function liveHits(db: Queryable, afterId: number, upToId: number, limit: number): Promise<LiveHitRow[]> {
  return many<LiveHitRow>(
    db,
    `SELECT d.id, d.pack_id, k.rank, k.name, k.name_en, k.image_url, d.created_at, CASE WHEN m.ticker_name = 'initial' THEN left(m.last_name, 1) ELSE '' END AS initial
     FROM purchase_cards d JOIN pack_cards k ON k.id = d.pack_card_id JOIN members m ON m.id = d.member_id
     WHERE d.id > $1 AND d.id <= $2 AND d.ticket_no > 0 AND k.rank IN ('S', 'A')
     ORDER BY d.id DESC LIMIT $3`,
    [afterId, upToId, limit],
  );
}

/** The packs of the top page's lists whose stock a fresh page may show: on sale or about to be, not closed. */
export function livePackIds(db: Queryable, now: Date): Promise<{ id: number }[]> {
  return many<{ id: number }>(
    db,
    `SELECT p.id FROM packs p WHERE p.closed_at IS NULL OR p.closed_at > $1 ORDER BY p.id DESC LIMIT 200`,
    [now],
  );
}

/** The newest drawn card's id (0 for none): where the ticker's next read starts. */
export async function latestDrawnCardId(db: Queryable): Promise<number> {
  const rows = await many<{ id: number | null }>(db, 'SELECT max(id) AS id FROM purchase_cards');
  return Number(rows[0]?.id ?? 0);
}
