import type { Rank } from '@oripa/core';
import type { LineupEntry } from '@oripa/core/admin';
import type { Queryable } from '../queryable.ts';

/** The columns of a new pack, as stored (images as JSON text, the seed as hex). */
export interface NewPackRow {
  cardType: number;
  nameJa: string;
  nameEn: string;
  detailJa: string;
  detailEn: string;
  images: string[];
  eyeCatch: string;
  point: number;
  paymentMethod: '1' | '2';
  maxBuyCount: number;
  rankLimit: number;
  smsOnly: boolean;
  showCardlist: boolean;
  startDate: Date;
  closedAt: Date | null;
  lastOneCardId: number | null;
  seedHex: string;
  seedHash: string;
  totalTickets: number;
  sort: number;
}

export async function insertPack(db: Queryable, p: NewPackRow): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO packs (card_type, name_ja, name_en, detail_ja, detail_en, images, eye_catch, point, payment_method,
       max_buy_count, rank_limit, sms_only, show_cardlist, start_date, seed, seed_hash, total_tickets, sort, closed_at,
       last_one_card_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, decode($15, 'hex'), $16, $17, $18, $19, $20)
     RETURNING id`,
    [
      p.cardType,
      p.nameJa,
      p.nameEn,
      p.detailJa,
      p.detailEn,
      JSON.stringify(p.images),
      p.eyeCatch,
      p.point,
      p.paymentMethod,
      p.maxBuyCount,
      p.rankLimit,
      p.smsOnly,
      p.showCardlist,
      p.startDate,
      p.seedHex,
      p.seedHash,
      p.totalTickets,
      p.sort,
      p.closedAt,
      p.lastOneCardId,
    ],
  );
  return Number(rows[0]!.id);
}

/** The pack's draw cursor, at 0 of `total`. */
export async function insertPackStock(db: Queryable, packId: number, total: number): Promise<void> {
  await db.query('INSERT INTO pack_stock (pack_id, total) VALUES ($1, $2)', [packId, total]);
}

export interface NewPackCardRow {
  rank: Rank;
  name: string;
  nameEn: string;
  imageUrl: string;
  setCount: number;
  modelNumber: string;
  rarity: 0 | 1 | 2 | 3;
  buyPoint: number;
  noReduction: boolean;
  movieUrl: string;
  cardId: number | null;
  /** The pack's last-one prize (ADR 0028): inserted apart from the lineup, with no tickets. */
  lastOne?: boolean;
}

/** The lineup, in one statement; answers each card's id, rank and set_count in insertion order. */
export async function insertPackCards(
  db: Queryable,
  packId: number,
  cards: NewPackCardRow[],
): Promise<{ id: number; rank: Rank; set_count: number }[]> {
  const { rows } = await db.query<{ id: number; rank: Rank; set_count: number }>(
    `INSERT INTO pack_cards (pack_id, rank, name, image_url, set_count, model_number, rarity, buy_point, no_reduction, movie_url,
       name_en, card_id, last_one)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::smallint[], $8::int[],
       $9::boolean[], $10::text[], $11::text[], $12::bigint[], $13::boolean[])
     RETURNING id, rank, set_count`,
    [
      packId,
      cards.map((c) => c.rank),
      cards.map((c) => c.name),
      cards.map((c) => c.imageUrl),
      cards.map((c) => c.setCount),
      cards.map((c) => c.modelNumber),
      cards.map((c) => c.rarity),
      cards.map((c) => c.buyPoint),
      cards.map((c) => c.noReduction),
      cards.map((c) => c.movieUrl),
      cards.map((c) => c.nameEn),
      cards.map((c) => c.cardId),
      cards.map((c) => c.lastOne ?? false),
    ],
  );
  return rows;
}

/** Tickets after ticket number `after`, in order: ticket after + k takes card cardIds[k - 1]. */
export async function insertTickets(db: Queryable, packId: number, after: number, cardIds: number[]): Promise<void> {
  await db.query(
    `INSERT INTO tickets (pack_id, ticket_no, pack_card_id)
     SELECT $1, $2::int + ord, card FROM unnest($3::bigint[]) WITH ORDINALITY AS t(card, ord)`,
    [packId, after, cardIds],
  );
}

/** A published pack's own fields, as the console's draft records them (services/packs/pack-publishing's NewPack). */
export interface PublishedPackFields {
  cardType: number;
  nameJa: string;
  nameEn: string;
  detailJa?: string;
  detailEn?: string;
  images?: string[];
  point: number;
  paymentMethod?: '1' | '2';
  maxBuyCount?: number;
  rankLimit?: number;
  smsOnly?: boolean;
  showCardlist?: boolean;
  startDate: Date;
  /** The scheduled end of the sale (packs.closed_at); null: until sold out or closed by hand. */
  endDate?: Date | null;
  lastOneCardId?: number | null;
  sort?: number;
}

export interface Publication {
  draftId: number | null;
  packId: number;
  pack: PublishedPackFields;
  lineup: LineupEntry[];
  total: number;
  now: Date;
}

/**
 * The console's record of a publication: the draft it came from is marked published (once: a draft already
 * published is refused by the WHERE, and the caller's transaction fails on the missing row), or, for a pack
 * published without a draft (demo seed, bench, fixtures), a published draft row is written so that the console
 * lists every pack.
 */
export async function recordPublication(db: Queryable, r: Publication): Promise<void> {
  if (r.draftId !== null) {
    const { rowCount } = await db.query(
      'UPDATE pack_drafts SET pack_id = $2, published_at = $3, updated_at = $3 WHERE id = $1 AND pack_id IS NULL',
      [r.draftId, r.packId, r.now],
    );
    if (rowCount !== 1) throw new Error(`pack draft ${r.draftId} is missing or already published`);
    return;
  }
  const p = r.pack;
  await db.query(
    `INSERT INTO pack_drafts (card_type, name_ja, name_en, detail_ja, detail_en, images, point, payment_method,
       max_buy_count, rank_limit, sms_only, show_cardlist, start_date, end_date, lineup, last_one_card_id, sort,
       pack_id, published_at, created_at, updated_at, total_tickets)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $19, $19, $20)`,
    [
      p.cardType,
      p.nameJa,
      p.nameEn,
      p.detailJa ?? '',
      p.detailEn ?? '',
      JSON.stringify(p.images ?? []),
      p.point,
      p.paymentMethod ?? '1',
      p.maxBuyCount ?? 0,
      p.rankLimit ?? 0,
      p.smsOnly ?? false,
      p.showCardlist ?? true,
      p.startDate,
      p.endDate ?? null,
      JSON.stringify(r.lineup),
      p.lastOneCardId ?? null,
      p.sort ?? 0,
      r.packId,
      r.now,
      r.total,
    ],
  );
}
