import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import { seedCommitment, ticketSequence, type Rank } from '@oripa/core';

export interface NewPackCard {
  rank: Rank;
  name: string;
  imageUrl: string;
  setCount: number;
  modelNumber?: string;
  rarity?: 0 | 1 | 2 | 3;
  buyPoint: number;
  noReduction?: boolean;
  movieUrl?: string;
}

export interface NewPack {
  cardType: number;
  nameJa: string;
  nameEn: string;
  detailJa?: string;
  detailEn?: string;
  images?: string[];
  eyeCatch?: string;
  point: number;
  paymentMethod?: '1' | '2';
  maxBuyCount?: number;
  rankLimit?: number;
  smsOnly?: boolean;
  showCardlist?: boolean;
  startDate: Date;
  sort?: number;
  cards: NewPackCard[];
  /** Tests and the bench may fix the seed; production always draws 32 bytes from the CSPRNG. */
  seedHex?: string;
}

/**
 * Creates a pack with its lineup and its tickets, fixed once and for all: a fresh 32-byte seed from the operating
 * system's CSPRNG, its SHA-256 published as the commitment, and one ticket per unit of set_count numbered in the
 * order the seeded Fisher–Yates shuffle (packages/core/src/fairness) puts them, and its draw cursor at 0 (draw k
 * takes ticket k: migration 0007). Returns the pack id.
 */
export async function createPack(tx: PoolClient, p: NewPack): Promise<number> {
  const seedHex = p.seedHex ?? randomBytes(32).toString('hex');
  const total = p.cards.reduce((s, c) => s + c.setCount, 0);
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO packs (card_type, name_ja, name_en, detail_ja, detail_en, images, eye_catch, point, payment_method,
       max_buy_count, rank_limit, sms_only, show_cardlist, start_date, seed, seed_hash, total_tickets, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, decode($15, 'hex'), $16, $17, $18)
     RETURNING id`,
    [
      p.cardType,
      p.nameJa,
      p.nameEn,
      p.detailJa ?? '',
      p.detailEn ?? '',
      JSON.stringify(p.images ?? []),
      p.eyeCatch ?? '',
      p.point,
      p.paymentMethod ?? '1',
      p.maxBuyCount ?? 0,
      p.rankLimit ?? 0,
      p.smsOnly ?? false,
      p.showCardlist ?? true,
      p.startDate,
      seedHex,
      seedCommitment(seedHex),
      total,
      p.sort ?? 0,
    ],
  );
  const packId = Number(rows[0]!.id);
  await tx.query('INSERT INTO pack_stock (pack_id, total) VALUES ($1, $2)', [packId, total]);
  const cards = await tx.query<{ id: number; rank: Rank; set_count: number }>(
    `INSERT INTO pack_cards (pack_id, rank, name, image_url, set_count, model_number, rarity, buy_point, no_reduction, movie_url)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::text[], $7::smallint[], $8::int[],
       $9::boolean[], $10::text[])
     RETURNING id, rank, set_count`,
    [
      packId,
      p.cards.map((c) => c.rank),
      p.cards.map((c) => c.name),
      p.cards.map((c) => c.imageUrl),
      p.cards.map((c) => c.setCount),
      p.cards.map((c) => c.modelNumber ?? ''),
      p.cards.map((c) => c.rarity ?? 0),
      p.cards.map((c) => c.buyPoint),
      p.cards.map((c) => c.noReduction ?? false),
      p.cards.map((c) => c.movieUrl ?? ''),
    ],
  );
  const sequence = ticketSequence(
    cards.rows.map((c) => ({ id: Number(c.id), rank: c.rank, set_count: Number(c.set_count) })),
    seedHex,
  );
  // One statement per 50,000 tickets keeps the parameter arrays a sane size for big bench packs.
  for (let start = 0; start < sequence.length; start += 50_000) {
    const slice = sequence.slice(start, start + 50_000);
    await tx.query(
      `INSERT INTO tickets (pack_id, ticket_no, pack_card_id)
       SELECT $1, $2::int + ord, card FROM unnest($3::bigint[]) WITH ORDINALITY AS t(card, ord)`,
      [packId, start, slice],
    );
  }
  return packId;
}
