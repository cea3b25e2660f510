import type { Rank } from '../contract/packs.ts';
import { RANK_ORDER } from '../contract/packs.ts';
import { SeedStream } from './random-stream.ts';
import { fromHex, sha256Hex } from './sha256.ts';

/** Named in PackDetail.fairness.algorithm so a verifier knows which procedure to repeat. */
export const FAIRNESS_ALGORITHM = 'sha256-ctr-fisher-yates-v1';

export interface SequenceCard {
  id: number;
  rank: Rank;
  set_count: number;
}

/**
 * The canonical multiset of tickets before shuffling: cards sorted by rank (S, A, B, C) then id, each repeated
 * set_count times. Publishing the lineup fixes this list for everyone.
 */
export function canonicalTickets(cards: readonly SequenceCard[]): number[] {
  const sorted = [...cards].sort((a, b) => RANK_ORDER.indexOf(a.rank) - RANK_ORDER.indexOf(b.rank) || a.id - b.id);
  const out: number[] = [];
  for (const c of sorted) {
    if (!Number.isInteger(c.set_count) || c.set_count < 0) throw new RangeError(`bad set_count for card ${c.id}`);
    for (let i = 0; i < c.set_count; i++) out.push(c.id);
  }
  return out;
}

/** Fisher–Yates over a copy of `items`, every swap index drawn from the seed's stream. */
export function shuffleWithSeed<T>(items: readonly T[], seed: Uint8Array): T[] {
  const out = [...items];
  const stream = new SeedStream(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = stream.nextBelow(i + 1);
    const tmp = out[i]!;
    out[i] = out[j]!;
    out[j] = tmp;
  }
  return out;
}

/**
 * The pack's ticket sequence: element k is the card id of ticket number k + 1. Draws take tickets in this order,
 * so the seed alone decides which card every purchase gets.
 */
export function ticketSequence(cards: readonly SequenceCard[], seedHex: string): number[] {
  return shuffleWithSeed(canonicalTickets(cards), fromHex(seedHex));
}

/** The public commitment to a seed: SHA-256 of its 32 bytes, hex. */
export const seedCommitment = (seedHex: string) => sha256Hex(fromHex(seedHex));

export interface PublishedDraw {
  ticket_no: number;
  rank: Rank;
  /** Present when the publisher names the card too (the fairness endpoint does). */
  card_id?: number;
}

export interface VerifyInput {
  seed: string;
  seed_hash: string;
  cards: readonly SequenceCard[];
  total_pack_count: number;
  draws: readonly PublishedDraw[];
}

export interface VerifyReport {
  ok: boolean;
  problems: string[];
  checkedDraws: number;
  sequence: number[];
}

/**
 * Draws take the tickets strictly in sequence order (draw k takes ticket k), so n distinct draws must be exactly
 * tickets 1..n. Returns the highest ticket number when that fails (a ticket was skipped), else null.
 */
export function drawOrderGap(ticketNos: readonly number[]): number | null {
  const highest = ticketNos.reduce((m, n) => Math.max(m, n), 0);
  return highest === new Set(ticketNos).size ? null : highest;
}

/**
 * Re-derives the sequence from a revealed seed and checks commitment, lineup total, every published draw, and that
 * the draws took the tickets in order without skipping one.
 */
export function verifyPack(input: VerifyInput): VerifyReport {
  const problems: string[] = [];
  if (!/^[0-9a-f]{64}$/i.test(input.seed)) {
    return { ok: false, problems: ['the revealed seed is not 32 bytes of hex'], checkedDraws: 0, sequence: [] };
  }
  const commitment = seedCommitment(input.seed);
  if (commitment !== input.seed_hash.toLowerCase()) {
    problems.push(`commitment mismatch: SHA-256(seed) = ${commitment}, published ${input.seed_hash}`);
  }
  const sequence = ticketSequence(input.cards, input.seed);
  if (sequence.length !== input.total_pack_count) {
    problems.push(`lineup has ${sequence.length} tickets but the pack says ${input.total_pack_count}`);
  }
  const rankOf = new Map(input.cards.map((c) => [c.id, c.rank]));
  const seen = new Set<number>();
  for (const d of input.draws) {
    if (seen.has(d.ticket_no)) problems.push(`ticket ${d.ticket_no} appears twice in the draw log`);
    seen.add(d.ticket_no);
    const cardId = sequence[d.ticket_no - 1];
    if (cardId === undefined) {
      problems.push(`ticket ${d.ticket_no} does not exist`);
      continue;
    }
    if (rankOf.get(cardId) !== d.rank) {
      problems.push(`ticket ${d.ticket_no}: sequence says rank ${rankOf.get(cardId)}, draw log says ${d.rank}`);
    }
    if (d.card_id !== undefined && d.card_id !== cardId) {
      problems.push(`ticket ${d.ticket_no}: sequence says card ${cardId}, published card ${d.card_id}`);
    }
  }
  const gap = drawOrderGap(input.draws.map((d) => d.ticket_no));
  if (gap !== null) {
    problems.push(`tickets were skipped: ${seen.size} tickets drawn, but the highest is ticket ${gap}`);
  }
  return { ok: problems.length === 0, problems, checkedDraws: input.draws.length, sequence };
}
