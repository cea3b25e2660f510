import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import { seedCommitment, ticketSequence, type Rank } from '@oripa/core';
import { insertPack, insertPackCards, insertPackStock, insertTickets } from '../../db/queries/pack-creation.ts';

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
  const packId = await insertPack(tx, {
    cardType: p.cardType,
    nameJa: p.nameJa,
    nameEn: p.nameEn,
    detailJa: p.detailJa ?? '',
    detailEn: p.detailEn ?? '',
    images: p.images ?? [],
    eyeCatch: p.eyeCatch ?? '',
    point: p.point,
    paymentMethod: p.paymentMethod ?? '1',
    maxBuyCount: p.maxBuyCount ?? 0,
    rankLimit: p.rankLimit ?? 0,
    smsOnly: p.smsOnly ?? false,
    showCardlist: p.showCardlist ?? true,
    startDate: p.startDate,
    seedHex,
    seedHash: seedCommitment(seedHex),
    totalTickets: total,
    sort: p.sort ?? 0,
  });
  await insertPackStock(tx, packId, total);
  const cards = await insertPackCards(
    tx,
    packId,
    p.cards.map((c) => ({
      ...c,
      modelNumber: c.modelNumber ?? '',
      rarity: c.rarity ?? 0,
      noReduction: c.noReduction ?? false,
      movieUrl: c.movieUrl ?? '',
    })),
  );
  const sequence = ticketSequence(
    cards.map((c) => ({ id: Number(c.id), rank: c.rank, set_count: Number(c.set_count) })),
    seedHex,
  );
  // One statement per 50,000 tickets keeps the parameter arrays a sane size for big bench packs.
  for (let start = 0; start < sequence.length; start += 50_000) {
    await insertTickets(tx, packId, start, sequence.slice(start, start + 50_000));
  }
  return packId;
}
