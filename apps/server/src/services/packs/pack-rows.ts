import type { Rank } from '@oripa/core';

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
  name: string;
  image_url: string;
  set_count: number;
  model_number: string;
  rarity: 0 | 1 | 2 | 3;
  buy_point: number;
  no_reduction: boolean;
  movie_url: string;
}

/** What the per-member flags of a pack depend on; null for a guest. */
export interface BuyerFacts {
  memberId: number;
  rank: number;
  smsVerified: boolean;
  /** Draws this member already bought, per pack id. */
  bought: Map<number, number>;
}

/** A drawn card joined with its lineup card. */
export interface DrawnRow extends Omit<CardRow, 'id' | 'pack_id'> {
  history_id: number;
  purchase_id: number;
  ticket_no: number;
  status: 'pending' | 'ship' | 'convert';
  pack_card_id: number;
  returned_point: number;
}
