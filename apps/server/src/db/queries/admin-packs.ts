import type { Rank } from '@oripa/core';
import type { AdminPackStatus, LineupEntry } from '@oripa/core/admin';
import { insertReturningId, many, maybeOne, type Queryable } from '../queryable.ts';

/** Pack drafts and the console's view of published packs (migration 0008). */

export interface DraftRow {
  id: number;
  card_type: number;
  name_ja: string;
  name_en: string;
  detail_ja: string;
  detail_en: string;
  images: string[];
  point: number;
  payment_method: '1' | '2';
  max_buy_count: number;
  rank_limit: number;
  sms_only: boolean;
  show_cardlist: boolean;
  start_date: Date | null;
  end_date: Date | null;
  total_tickets: number;
  lineup: LineupEntry[];
  last_one_card_id: number | null;
  sort: number;
  pack_id: number | null;
  published_at: Date | null;
}

/** A draft row with what the console shows of its pack once published. */
export interface ConsolePackRow extends DraftRow {
  status: AdminPackStatus;
  seed_hash: string | null;
  revealed_seed: string | null;
  closed_at: Date | null;
  stock_total: number | null;
  drawn: number | null;
  drawn_s: number | null;
  drawn_a: number | null;
  drawn_b: number | null;
  drawn_c: number | null;
}

export type DraftValues = Omit<DraftRow, 'id' | 'pack_id' | 'published_at'>;

const STATUS = `CASE WHEN d.pack_id IS NULL THEN 'draft'
  WHEN p.closed_at IS NOT NULL AND p.closed_at <= $1 THEN 'closed'
  WHEN s.drawn >= s.total THEN 'sold_out'
  WHEN p.start_date > $1 THEN 'scheduled' ELSE 'on_sale' END`;

const CONSOLE_COLUMNS = `d.id, d.card_type, d.name_ja, d.name_en, d.detail_ja, d.detail_en, d.images, d.point,
  d.payment_method, d.max_buy_count, d.rank_limit, d.sms_only, d.show_cardlist, d.start_date,
  COALESCE(p.closed_at, d.end_date) AS end_date, d.total_tickets, d.lineup, d.last_one_card_id, d.sort, d.pack_id,
  d.published_at, ${STATUS} AS status, p.seed_hash,
  CASE WHEN p.revealed_at IS NOT NULL THEN encode(p.seed, 'hex') END AS revealed_seed, p.closed_at,
  s.total AS stock_total, s.drawn, s.drawn_s, s.drawn_a, s.drawn_b, s.drawn_c`;

const CONSOLE_FROM = `pack_drafts d LEFT JOIN packs p ON p.id = d.pack_id LEFT JOIN pack_stock s ON s.pack_id = d.pack_id`;

/** Sort keys of the console's pack list (anything else: newest first). */
export const PACK_SORTS = {
  id: 'd.id',
  start_date: 'd.start_date',
  point: 'd.point',
  sold: 'COALESCE(s.drawn, 0)',
} as const;
export type PackSort = keyof typeof PACK_SORTS;

export interface PackQuery {
  now: Date;
  sort: PackSort;
  desc: boolean;
  status: AdminPackStatus | null;
  search: string;
  limit: number;
  offset: number;
}

/** One page of the console's packs (drafts and published), newest first, with the total count. */
export async function listConsolePacks(
  db: Queryable,
  q: PackQuery,
): Promise<{ rows: ConsolePackRow[]; total: number }> {
  const rows = await many<ConsolePackRow & { total: string }>(
    db,
    `SELECT * FROM (SELECT ${CONSOLE_COLUMNS}, count(*) OVER () AS total FROM ${CONSOLE_FROM}
       WHERE ($2 = '' OR d.name_ja ILIKE '%' || $2 || '%' OR d.name_en ILIKE '%' || $2 || '%')
         AND ($3::text IS NULL OR ${STATUS} = $3)
       ORDER BY ${PACK_SORTS[q.sort]} ${q.desc ? 'DESC NULLS LAST' : 'ASC NULLS LAST'}, d.id DESC LIMIT $4 OFFSET $5) x`,
    [q.now, q.search.replace(/[%_\\]/g, (c) => `\\${c}`), q.status, q.limit, q.offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

export async function findConsolePack(db: Queryable, id: number, now: Date): Promise<ConsolePackRow | null> {
  return maybeOne<ConsolePackRow>(db, `SELECT ${CONSOLE_COLUMNS} FROM ${CONSOLE_FROM} WHERE d.id = $2`, [now, id]);
}

/** The draft row locked for a change in the caller's transaction. */
export async function lockDraft(db: Queryable, id: number): Promise<DraftRow | null> {
  return maybeOne<DraftRow>(db, 'SELECT * FROM pack_drafts WHERE id = $1 FOR UPDATE', [id]);
}

const VALUE_COLUMNS = [
  'card_type',
  'name_ja',
  'name_en',
  'detail_ja',
  'detail_en',
  'images',
  'point',
  'payment_method',
  'max_buy_count',
  'rank_limit',
  'sms_only',
  'show_cardlist',
  'start_date',
  'end_date',
  'total_tickets',
  'lineup',
  'last_one_card_id',
  'sort',
] as const;

const params = (v: DraftValues) =>
  VALUE_COLUMNS.map((c) => (c === 'images' || c === 'lineup' ? JSON.stringify(v[c]) : v[c]));

export async function insertDraft(db: Queryable, v: DraftValues, now: Date, clonedFrom: number | null) {
  const cols = VALUE_COLUMNS.join(', ');
  const marks = VALUE_COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  const n = VALUE_COLUMNS.length;
  return insertReturningId(
    db,
    `INSERT INTO pack_drafts (${cols}, created_at, updated_at, cloned_from)
     VALUES (${marks}, $${n + 1}, $${n + 1}, $${n + 2}) RETURNING id`,
    [...params(v), now, clonedFrom],
  );
}

export async function updateDraft(db: Queryable, id: number, v: DraftValues, now: Date): Promise<void> {
  const sets = VALUE_COLUMNS.map((c, i) => `${c} = $${i + 2}`).join(', ');
  await db.query(`UPDATE pack_drafts SET ${sets}, updated_at = $${VALUE_COLUMNS.length + 2} WHERE id = $1`, [
    id,
    ...params(v),
    now,
  ]);
}

/** What may change on a published pack: its words and pictures, schedule, limits and order (never its lineup). */
export interface PublishedEdit {
  name_ja: string;
  name_en: string;
  detail_ja: string;
  detail_en: string;
  images: string[];
  max_buy_count: number;
  rank_limit: number;
  sms_only: boolean;
  show_cardlist: boolean;
  start_date: Date;
  end_date: Date | null;
  sort: number;
}

export async function updatePublishedPack(db: Queryable, packId: number, e: PublishedEdit): Promise<void> {
  await db.query(
    `UPDATE packs SET name_ja = $2, name_en = $3, detail_ja = $4, detail_en = $5, images = $6,
       eye_catch = $6::jsonb ->> 0, max_buy_count = $7, rank_limit = $8, sms_only = $9, show_cardlist = $10,
       start_date = $11, closed_at = $12, sort = $13
     WHERE id = $1`,
    [
      packId,
      e.name_ja,
      e.name_en,
      e.detail_ja,
      e.detail_en,
      JSON.stringify(e.images),
      e.max_buy_count,
      e.rank_limit,
      e.sms_only,
      e.show_cardlist,
      e.start_date,
      e.end_date,
      e.sort,
    ],
  );
}

/** Ends the sale now (unless it ended already) and answers whether it did. */
export async function closePackNow(db: Queryable, packId: number, now: Date): Promise<boolean> {
  const { rowCount } = await db.query(
    'UPDATE packs SET closed_at = $2 WHERE id = $1 AND (closed_at IS NULL OR closed_at > $2)',
    [packId, now],
  );
  return rowCount === 1;
}

export interface PackTakings {
  revenue: number;
  purchases: number;
  buyers: number;
}

/** What a pack has taken: points or coins, purchases and distinct buyers. */
export async function packTakings(db: Queryable, packId: number): Promise<PackTakings> {
  const row = await maybeOne<{ revenue: string; purchases: string; buyers: string }>(
    db,
    `SELECT COALESCE(sum(price), 0) AS revenue, count(*) AS purchases, count(DISTINCT member_id) AS buyers
     FROM purchases WHERE pack_id = $1`,
    [packId],
  );
  return { revenue: Number(row!.revenue), purchases: Number(row!.purchases), buyers: Number(row!.buyers) };
}

/** Tickets per rank of a published pack's lineup (its last-one prize has no tickets). */
export async function publishedRankTotals(db: Queryable, packId: number): Promise<{ rank: Rank; n: number }[]> {
  return many(
    db,
    'SELECT rank, sum(set_count)::int AS n FROM pack_cards WHERE pack_id = $1 AND NOT last_one GROUP BY rank',
    [packId],
  );
}
