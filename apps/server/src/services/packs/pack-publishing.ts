import { randomBytes } from 'node:crypto';
import type { PoolClient } from 'pg';
import { seedCommitment, ticketSequence, type Rank } from '@oripa/core';
import type { LineupEntry } from '@oripa/core/admin';
import {
  insertPack,
  insertPackCards,
  insertPackStock,
  insertTickets,
  recordPublication,
  type NewPackCardRow,
  type PublishedPackFields,
} from '../../db/queries/pack-creation.ts';
import { cardsByIds, type MasterCardRow } from '../../db/queries/admin-cards.ts';

export interface NewPackCard {
  rank: Rank;
  name: string;
  nameEn?: string;
  imageUrl: string;
  setCount: number;
  modelNumber?: string;
  rarity?: 0 | 1 | 2 | 3;
  buyPoint: number;
  noReduction?: boolean;
  movieUrl?: string;
  /** The card master row this card was copied from (console and demo seed; test fixtures have none). */
  cardId?: number;
}

export interface NewPack extends PublishedPackFields {
  eyeCatch?: string;
  cards: NewPackCard[];
  /** Tests and the bench may fix the seed; production always draws 32 bytes from the CSPRNG. */
  seedHex?: string;
  /** The console draft being published; absent, a published draft row is written as its record. */
  draftId?: number;
  now?: Date;
}

/**
 * THE publication of a pack — the console's publish button, the demo seed, the bench and the test fixtures all
 * come here. It fixes the pack once and for all: a fresh 32-byte seed from the operating system's CSPRNG, its
 * SHA-256 published as the commitment, one ticket per unit of set_count numbered in the order the seeded
 * Fisher–Yates shuffle (packages/core/src/fairness) puts them, the draw cursor at 0 (draw k takes ticket k,
 * ADR 0008), the last-one prize (if any) copied from the card master beside the lineup, without tickets (ADR
 * 0028), and the console's draft row marked published (its lineup frozen from now on). Runs inside the caller's
 * transaction. Returns the pack id.
 */
export async function publishPack(tx: PoolClient, p: NewPack): Promise<number> {
  const seedHex = p.seedHex ?? randomBytes(32).toString('hex');
  const total = p.cards.reduce((s, c) => s + c.setCount, 0);
  const packId = await insertPack(tx, {
    cardType: p.cardType,
    nameJa: p.nameJa,
    nameEn: p.nameEn,
    detailJa: p.detailJa ?? '',
    detailEn: p.detailEn ?? '',
    images: p.images ?? [],
    eyeCatch: p.eyeCatch ?? p.images?.[0] ?? '',
    point: p.point,
    paymentMethod: p.paymentMethod ?? '1',
    maxBuyCount: p.maxBuyCount ?? 0,
    rankLimit: p.rankLimit ?? 0,
    smsOnly: p.smsOnly ?? false,
    showCardlist: p.showCardlist ?? true,
    startDate: p.startDate,
    closedAt: p.endDate ?? null,
    lastOneCardId: p.lastOneCardId ?? null,
    seedHex,
    seedHash: seedCommitment(seedHex),
    totalTickets: total,
    sort: p.sort ?? 0,
  });
  await insertPackStock(tx, packId, total);
  const cards = await insertPackCards(tx, packId, p.cards.map(packCardRow));
  if (p.lastOneCardId) await insertLastOneCard(tx, packId, p.lastOneCardId);
  const sequence = ticketSequence(
    cards.map((c) => ({ id: Number(c.id), rank: c.rank, set_count: Number(c.set_count) })),
    seedHex,
  );
  // One statement per 50,000 tickets keeps the parameter arrays a sane size for big bench packs.
  for (let start = 0; start < sequence.length; start += 50_000) {
    await insertTickets(tx, packId, start, sequence.slice(start, start + 50_000));
  }
  const lineup: LineupEntry[] = p.cards
    .filter((c) => c.cardId !== undefined)
    .map((c) => ({ card_id: c.cardId!, rank: c.rank, count: c.setCount }));
  await recordPublication(tx, { draftId: p.draftId ?? null, packId, pack: p, lineup, total, now: p.now ?? new Date() });
  return packId;
}

/**
 * The pack's own copy of its last-one prize, read from the card master in the publishing transaction. Its rank is
 * the badge it shows with (the top one); it has no tickets, so neither the sequence nor the rank counts see it.
 */
async function insertLastOneCard(tx: PoolClient, packId: number, cardId: number): Promise<void> {
  const [card] = await cardsByIds(tx, [cardId]);
  if (!card) throw new Error(`last-one card ${cardId} is not in the card master`);
  await insertPackCards(tx, packId, [{ ...packCardRow(lineupCard(card, 'S', 1)), lastOne: true }]);
}

/** A card of the publication with every optional column filled in, as pack_cards stores it. */
function packCardRow(c: NewPackCard): NewPackCardRow {
  return {
    ...c,
    nameEn: c.nameEn ?? '',
    modelNumber: c.modelNumber ?? '',
    rarity: c.rarity ?? 0,
    noReduction: c.noReduction ?? false,
    movieUrl: c.movieUrl ?? '',
    cardId: c.cardId ?? null,
  };
}

/** A master card as a lineup card of a pack about to be published. */
export function lineupCard(card: MasterCardRow, rank: Rank, setCount: number): NewPackCard {
  return {
    rank,
    name: card.name_ja,
    nameEn: card.name_en,
    imageUrl: card.image_url,
    setCount,
    modelNumber: card.model_number,
    rarity: card.rarity,
    buyPoint: card.buy_point,
    noReduction: card.no_reduction,
    cardId: Number(card.id),
  };
}

/** The lineup's master cards, read in the publishing transaction, as the cards of the pack (lineup order). */
export async function lineupCards(tx: PoolClient, lineup: readonly LineupEntry[]): Promise<NewPackCard[]> {
  const rows = await cardsByIds(
    tx,
    lineup.map((e) => e.card_id),
  );
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return lineup.map((e) => lineupCard(byId.get(e.card_id)!, e.rank, e.count));
}
