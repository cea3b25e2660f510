import type { Rank } from '@oripa/core';
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
  seedHex: string;
  seedHash: string;
  totalTickets: number;
  sort: number;
}

export async function insertPack(db: Queryable, p: NewPackRow): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO packs (card_type, name_ja, name_en, detail_ja, detail_en, images, eye_catch, point, payment_method,
       max_buy_count, rank_limit, sms_only, show_cardlist, start_date, seed, seed_hash, total_tickets, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, decode($15, 'hex'), $16, $17, $18)
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
  imageUrl: string;
  setCount: number;
  modelNumber: string;
  rarity: 0 | 1 | 2 | 3;
  buyPoint: number;
  noReduction: boolean;
  movieUrl: string;
}

/** The lineup, in one statement; answers each card's id, rank and set_count in insertion order. */
export async function insertPackCards(
  db: Queryable,
  packId: number,
  cards: NewPackCardRow[],
): Promise<{ id: number; rank: Rank; set_count: number }[]> {
  const { rows } = await db.query<{ id: number; rank: Rank; set_count: number }>(
    `INSERT INTO pack_cards (pack_id, rank, name, image_url, set_count, model_number, rarity, buy_point, no_reduction, movie_url)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::smallint[], $8::int[],
       $9::boolean[], $10::text[])
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
