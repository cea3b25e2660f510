import type { PackDetail, Rank } from '../contract/packs.ts';

/**
 * GET /api/user/pack/fairness/{packId}: everything a verifier needs — the lineup as the shuffle saw it, the
 * commitment (and the seed once revealed) and every draw so far with its card. Used by `npm run verify-pack` and
 * the /fairness page.
 */
export interface PackFairnessReply {
  pack_id: number;
  total_pack_count: number;
  fairness: PackDetail['fairness'];
  cards: { id: number; rank: Rank; set_count: number }[];
  draws: { ticket_no: number; rank: Rank; card_id: number; created: string }[];
  /**
   * The last-one prize named before the sale (ADR 0028) and, once the final ticket is drawn, its award: the card
   * given and the ticket range of the purchase it went to (which must end at the final ticket). Null: none.
   */
  last_one?: { card_id: number; award: LastOneAward | null } | null;
}

/** The last-one award as published: the card, and the first and last ticket of the purchase that received it. */
export interface LastOneAward {
  card_id: number;
  first_ticket: number;
  last_ticket: number;
}
