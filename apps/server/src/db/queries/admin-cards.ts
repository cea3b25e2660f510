import { insertReturningId, many, maybeOne, type Queryable } from '../queryable.ts';

/** The card master (migration 0008) and uploaded images (media). */

/** What the console writes of a card. */
export interface MasterCardValues {
  card_type: number;
  name_ja: string;
  name_en: string;
  rarity: 0 | 1 | 2 | 3;
  model_number: string;
  buy_point: number;
  no_reduction: boolean;
  image_url: string;
}

export interface MasterCardRow extends MasterCardValues {
  id: number;
  updated_at: Date;
}

const CARD_COLUMNS =
  'id, card_type, name_ja, name_en, rarity, model_number, buy_point, no_reduction, image_url, updated_at';

/** Sort keys the console's table may ask for (anything else falls back to newest first). */
export const CARD_SORTS = {
  id: 'id',
  name: 'name_ja',
  model: 'model_number',
  rarity: 'rarity',
  buy_point: 'buy_point',
} as const;
export type CardSort = keyof typeof CARD_SORTS;

export interface CardQuery {
  search: string;
  cardType: number | null;
  /** 0-3, or null for any. */
  rarity: number | null;
  /** The start of the model number (a set's code, e.g. 'KR01'), or '' for any. */
  set: string;
  sort: CardSort;
  desc: boolean;
  limit: number;
  offset: number;
}

/** A text for ILIKE, its wildcards and escape taken literally. */
const literal = (text: string) => text.replace(/[%_\\]/g, (c) => `\\${c}`);

/**
 * One page of the master, filtered by a text (names or model number), a card type, a rarity and a set (model number
 * prefix), with the total count. The pack editor's card picker pages through 10,000+ cards with it.
 */
export async function listMasterCards(db: Queryable, q: CardQuery): Promise<{ rows: MasterCardRow[]; total: number }> {
  const order = `${CARD_SORTS[q.sort]} ${q.desc ? 'DESC' : 'ASC'}, id DESC`;
  const where = `($1 = '' OR name_ja ILIKE '%' || $1 || '%' OR name_en ILIKE '%' || $1 || '%'
       OR model_number ILIKE '%' || $1 || '%')
     AND ($2::int IS NULL OR card_type = $2)
     AND ($3::int IS NULL OR rarity = $3)
     AND ($4 = '' OR model_number ILIKE $4 || '%')`;
  const filters = [literal(q.search), q.cardType, q.rarity, literal(q.set)];
  const rows = await many<MasterCardRow & { total: string }>(
    db,
    `SELECT ${CARD_COLUMNS}, count(*) OVER () AS total FROM cards WHERE ${where}
     ORDER BY ${order} LIMIT $5 OFFSET $6`,
    [...filters, q.limit, q.offset],
  );
  if (rows[0] || q.offset === 0) return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
  // A page past the end still tells the total, so the picker can offer the last page.
  const count = await maybeOne<{ n: string }>(db, `SELECT count(*) AS n FROM cards WHERE ${where}`, filters);
  return { rows, total: Number(count?.n ?? 0) };
}

export async function findMasterCard(db: Queryable, id: number): Promise<MasterCardRow | null> {
  return maybeOne<MasterCardRow>(db, `SELECT ${CARD_COLUMNS} FROM cards WHERE id = $1`, [id]);
}

/** The master cards among `ids` (missing ids are simply absent). */
export async function cardsByIds(db: Queryable, ids: number[]): Promise<MasterCardRow[]> {
  return many<MasterCardRow>(db, `SELECT ${CARD_COLUMNS} FROM cards WHERE id = ANY($1::bigint[])`, [ids]);
}

export async function insertMasterCard(db: Queryable, v: MasterCardValues, now: Date): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO cards (card_type, name_ja, name_en, rarity, model_number, buy_point, no_reduction, image_url,
       created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9) RETURNING id`,
    [v.card_type, v.name_ja, v.name_en, v.rarity, v.model_number, v.buy_point, v.no_reduction, v.image_url, now],
  );
}

/** Updates a master card; answers the row as it was before (for the audit), or null when there is none. */
export async function updateMasterCard(
  db: Queryable,
  id: number,
  v: MasterCardValues,
  now: Date,
): Promise<MasterCardRow | null> {
  return maybeOne<MasterCardRow>(
    db,
    `UPDATE cards c SET card_type = $2, name_ja = $3, name_en = $4, rarity = $5, model_number = $6, buy_point = $7,
       no_reduction = $8, image_url = $9, updated_at = $10
     FROM (SELECT * FROM cards WHERE id = $1 FOR UPDATE) old WHERE c.id = old.id
     RETURNING old.id, old.card_type, old.name_ja, old.name_en, old.rarity, old.model_number, old.buy_point,
       old.no_reduction, old.image_url, old.updated_at`,
    [id, v.card_type, v.name_ja, v.name_en, v.rarity, v.model_number, v.buy_point, v.no_reduction, v.image_url, now],
  );
}

export interface MediaVariant {
  width: number;
  format: 'webp' | 'avif';
  bytes: number;
}

export interface MediaRow {
  id: number;
  key: string;
  width: number;
  height: number;
  variants: MediaVariant[];
}

/** Records an upload; null when the same key was recorded meanwhile (the same bytes uploaded at once). */
export async function insertMedia(
  db: Queryable,
  m: Omit<MediaRow, 'id'> & { sha256: string; sourceType: string; staffId: number | null },
): Promise<number | null> {
  const row = await maybeOne<{ id: string }>(
    db,
    `INSERT INTO media (key, sha256, source_type, width, height, variants, staff_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (key) DO NOTHING RETURNING id`,
    [m.key, m.sha256, m.sourceType, m.width, m.height, JSON.stringify(m.variants), m.staffId],
  );
  return row ? Number(row.id) : null;
}

/** An earlier upload of the same bytes, so a second upload of one file reuses its variants. */
export async function findMediaBySha(db: Queryable, sha256: string): Promise<MediaRow | null> {
  return maybeOne<MediaRow>(
    db,
    'SELECT id, key, width, height, variants FROM media WHERE sha256 = $1 ORDER BY id LIMIT 1',
    [sha256],
  );
}

/** The import's lock for the rest of the transaction: two imports at once cannot both add one model number. */
export async function lockCardImports(db: Queryable): Promise<void> {
  await db.query("SELECT pg_advisory_xact_lock(hashtextextended('cards:import', 0))");
}

/** Every master card with a model number, as the import compares them (a set is hundreds; the master thousands). */
export const masterCardsWithModel = (db: Queryable) =>
  many<MasterCardRow>(db, `SELECT ${CARD_COLUMNS} FROM cards WHERE model_number <> '' ORDER BY id`);

/** Adds many master cards in one statement; answers each new id with its model number. */
export async function insertMasterCards(db: Queryable, cards: readonly MasterCardValues[], now: Date) {
  const col = <K extends keyof MasterCardValues>(k: K) => cards.map((c) => c[k]);
  const rows = await many<{ id: string; model_number: string }>(
    db,
    `INSERT INTO cards (card_type, name_ja, name_en, rarity, model_number, buy_point, no_reduction, image_url,
       created_at, updated_at)
     SELECT t.card_type, t.name_ja, t.name_en, t.rarity, t.model_number, t.buy_point, t.no_reduction, t.image_url,
       $9, $9
     FROM unnest($1::int[], $2::text[], $3::text[], $4::smallint[], $5::text[], $6::int[], $7::boolean[], $8::text[])
       WITH ORDINALITY AS t(card_type, name_ja, name_en, rarity, model_number, buy_point, no_reduction, image_url, n)
     ORDER BY t.n RETURNING id, model_number`,
    [
      col('card_type'),
      col('name_ja'),
      col('name_en'),
      col('rarity'),
      col('model_number'),
      col('buy_point'),
      col('no_reduction'),
      col('image_url'),
      now,
    ],
  );
  return rows.map((r) => ({ id: Number(r.id), model_number: r.model_number }));
}

/** The next `limit` master cards after id `after`, by id (the export reads the master in such batches). */
export const masterCardsAfter = (db: Queryable, after: number, limit: number) =>
  many<MasterCardRow>(db, `SELECT ${CARD_COLUMNS} FROM cards WHERE id > $1 ORDER BY id LIMIT $2`, [after, limit]);
