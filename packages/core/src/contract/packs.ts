import type { ExchangeCardItem } from '../exchange/exchange.ts';
import type { HistoryShipment } from '../fulfilment/timeline.ts';
import type { PageObject } from '../pagination.ts';

// The shipment timeline's types, for the storefront (types only: no console code in the shop's bundle).
export type { HistoryShipment, ShipmentTimelineStep } from '../fulfilment/timeline.ts';
export type { ShipmentStatus } from '../fulfilment/status.ts';
export type { Carrier } from '../fulfilment/carriers.ts';

/**
 * Wire shapes of the pack calls (spec sections 3, 4 and 7; DESIGN.md section 3). Flags stay '0'/'1' strings,
 * point is the price of one draw, times are Tokyo `YYYY-MM-DD HH:mm:ss`.
 */
export type Rank = 'S' | 'A' | 'B' | 'C';
export const RANK_ORDER: readonly Rank[] = ['S', 'A', 'B', 'C'];

export interface PackSummary {
  id: number;
  name: string;
  card_type: number;
  /** Banner images, rotated on the pack banner. */
  image: string[];
  detail_eye_catch: string;
  total_pack_count: number;
  /** Remaining tickets. */
  pack_count: number;
  point: number;
  /** 0 = unlimited; otherwise the most draws one member may buy in total. */
  max_buy_count: number;
  /** '1' when this member may not buy (rank too low, or the member's max_buy_count is used up). */
  can_limit: '0' | '1';
  /** '1' when the pack is for SMS-verified members and this member (or guest) is not verified. */
  is_sms_limit: '0' | '1';
  /** '1' before start_date. */
  is_before: '0' | '1';
  start_date: string;
  payment_method: '1' | '2';
  /** Minimum member rank to buy, 0 = anyone. */
  rank_limit: number;
  /** Whether the pack requires SMS verification at all (is_sms_limit is the per-member result). */
  sms_only: '0' | '1';
  /** SHA-256 (hex) of the pack's secret seed: the fairness commitment. */
  seed_hash: string;
}

export interface LineupCard {
  id: number;
  rank: Rank;
  image_url: string;
  name: string;
  set_count: number;
  model_number: string;
  rarity: 0 | 1 | 2 | 3;
  rarity_label: string;
  buy_point: number;
  no_reduction: '0' | '1';
}

/**
 * The last-one prize (ラストワン賞, ADR 0028): one extra card for whoever draws the pack's final ticket, named
 * before the sale with the lineup. No ticket carries it, so it is not in the lineup's counts or odds.
 */
export interface LastOnePrize extends LineupCard {
  /** Once the final ticket is drawn: who won it (masked like the draw log) and when. */
  winner: { member: string; created: string } | null;
}

export interface DrawLogEntry {
  created: string;
  rank: Rank;
  /** e.g. "ya***" — never the full name or id. */
  member: string;
  ticket_no: number;
}

export interface PackDetail extends PackSummary {
  /** Description (plain text with line breaks). */
  detail: string;
  show_cardlist: '0' | '1';
  lineup: Record<Rank, LineupCard[]>;
  /** The pack's last-one prize; null (or absent, from an older server) when it has none. */
  last_one?: LastOnePrize | null;
  remaining_by_rank: Record<Rank, number>;
  fairness: {
    seed_hash: string;
    /** Hex seed, revealed once the pack sold out or closed; null before. */
    seed: string | null;
    revealed_at: string | null;
    algorithm: string;
  };
  draw_log: DrawLogEntry[];
}

/** GET /api/user/pack/list → { list }, GET all_list/{type}[/{page}] → { list, page }. */
export interface PackListReply {
  list: PackSummary[];
  page?: PageObject;
}

/** POST /api/user/pack/check {pack_id, count} → the purchase intent. */
export interface PackCheckReply {
  token: string;
  count: number;
  /** Total price of this purchase, in points or coins per payment_method. */
  point: number;
  payment_method: '1' | '2';
}

/** A drawn card as the reveal and the card list show it (spec section 3). */
export interface DrawnCard {
  history_id: number;
  image: string;
  name: string;
  rarity: 0 | 1 | 2 | 3;
  rarity_label: string;
  rank: Rank;
  model_number: string;
  /** The ticket number in the pack's shuffled sequence (fairness). */
  num: number;
  buy_point: number;
  no_reduction: '0' | '1';
  movie_url: string;
  /** 'pending' until the decision; then 'ship' or 'convert'. */
  status: 'pending' | 'ship' | 'convert';
  /** '1' on the pack's last-one prize, won with its final ticket (num is then 0: it has no ticket of its own). */
  last_one?: '1';
}

/** POST buy {token}; GET gache_result; GET buy_result. */
export interface PurchaseResult {
  result: '1';
  purchase_id: number;
  pack_id: number;
  title: string;
  card_type: number;
  is_buy_coin: '0' | '1';
  created: string;
  cards: DrawnCard[];
  /** Deadline for the decision; afterwards unchosen cards convert automatically. */
  decide_by: string;
  rank_up: '0' | '1';
  /**
   * The rank-up a payment brought since the member's previous draw, shown after this reveal (issue 11, ADR 0021):
   * the new rank's discount (bonus % = discount × 100 − 100), its bonus points (rank 7: the card's worth) and rank.
   */
  rankup_data: { discount: number; rankup_bonus: number; rank?: number } | null;
}

/** POST decision {send_card, reduction_card}: 200 result '1'; 204 result '-1' (to top) or '0' (address missing). */
export interface DecisionReply {
  result: '1' | '0' | '-1';
  returned_point?: number;
}

export interface PackHistoryRow {
  /** 'pack': a pack purchase (id is its purchase id); 'exchange': a card taken from the exchange (id: the order). */
  kind: 'pack' | 'exchange';
  id: number;
  created: string;
  pack_name: string;
  send_state: string;
  point: number;
  /** '1' = decided (shipped and/or converted); otherwise still to choose. */
  status: '0' | '1';
  delivery_code: string;
  send_card: number;
  reduction_card: number;
  reduction_point: number;
}

export interface PackHistoryDetail extends PackHistoryRow {
  shipped_cards: DrawnCard[];
  converted_cards: DrawnCard[];
  /** The parcel the shipped cards travel in, with its status timeline and tracking link (issue 10). */
  shipment?: HistoryShipment | null;
  /** For kind 'exchange': the exchanged card (shipped_cards and converted_cards are then empty). */
  exchange_card?: ExchangeCardItem;
}
