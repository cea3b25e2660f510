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
}
