import { drawButtons, type DrawCount } from './draw-rules.ts';

/**
 * May this member buy this pack now? The one statement of the sale rules: the pack banner's flags, POST /pack/check
 * and the explanation of a refused buy use it, and the buyer loop of buy_pack_batch (PL/pgSQL) is tested against it
 * (apps/server/test/packs/eligibility-vs-database.test.ts). Pure: the caller reads the rows.
 */

/** The columns of a pack the rules read (a pack row has them). */
export interface SalePack {
  point: number;
  payment_method: '1' | '2';
  max_buy_count: number;
  rank_limit: number;
  sms_only: boolean;
  start_date: Date;
  closed_at: Date | null;
}

/** What the rules know of a member before any count: a guest is rank 1, unverified, with nothing bought. */
export interface SaleStanding {
  rank: number;
  /** The member opened the link of the verification mail (members.mail_verified_at): no purchase before that. */
  mailVerified: boolean;
  smsVerified: boolean;
  /** Draws of this pack the member bought already. */
  bought: number;
}

export interface SaleBuyer extends SaleStanding {
  /** Points the member can spend (buy_pack_batch counts only unexpired lots: the smaller of the two). */
  pointBalance: number;
  coinBalance: number;
}

/** Why not, with the wire reason codes of the server's errors. */
export type SaleRefusal =
  | {
      reason:
        | 'closed'
        | 'before_start'
        | 'mail_unverified'
        | 'sms_required'
        | 'price_changed'
        | 'sold_out'
        | 'all_not_offered';
    }
  | { reason: 'insufficient_points' | 'insufficient_coins' }
  | { reason: 'rank_required'; rank: number }
  | { reason: 'max_buy_count'; max: number; bought: number }
  | { reason: 'insufficient_stock'; remaining: number };

export interface SaleAsk {
  /** A number of draws, or 'all' as the check takes it: what is left within max_buy_count, where the banner offers it. */
  count: DrawCount;
  /** The fewest draws acceptable (a token for 'all' carries 1): the count unless given. */
  min?: number;
  /** The price of a draw the intent was made at: the pack's price unless given. */
  unit?: number;
  /** Tickets left. */
  available: number;
}

export type SaleAnswer =
  | { ok: true; count: number; price: number }
  /** `refusal` is the one a member is told (the first of `refusals`, every rule the ask breaks, in that order). */
  | { ok: false; refusal: SaleRefusal; refusals: SaleRefusal[] };

/**
 * The rules that need no count (also the banner's flags): closed, not started, mail address unconfirmed, SMS, rank,
 * max_buy_count used up.
 */
export function standingRefusals(pack: SalePack, buyer: SaleStanding, now: Date): SaleRefusal[] {
  const out: SaleRefusal[] = [];
  if (pack.closed_at && pack.closed_at.getTime() <= now.getTime()) out.push({ reason: 'closed' });
  if (pack.start_date.getTime() > now.getTime()) out.push({ reason: 'before_start' });
  if (!buyer.mailVerified) out.push({ reason: 'mail_unverified' });
  if (pack.sms_only && !buyer.smsVerified) out.push({ reason: 'sms_required' });
  if (pack.rank_limit > buyer.rank) out.push({ reason: 'rank_required', rank: pack.rank_limit });
  if (pack.max_buy_count > 0 && buyer.bought >= pack.max_buy_count) out.push(maxBuy(pack, buyer));
  return out;
}

const maxBuy = (pack: SalePack, buyer: SaleStanding): SaleRefusal => ({
  reason: 'max_buy_count',
  max: pack.max_buy_count,
  bought: buyer.bought,
});

/**
 * The answer to one ask. Accepted: the draws taken (a fixed count, or for a smaller minimum as many as the purse
 * and the stock allow up to the count) and their price. Refused: every rule broken, in the order the check names
 * them (standing rules, price, stock, max_buy_count for this count, the purse).
 */
export function saleEligibility(pack: SalePack, buyer: SaleBuyer, now: Date, ask: SaleAsk): SaleAnswer {
  const refusals = standingRefusals(pack, buyer, now);
  const usedUp = refusals.some((r) => r.reason === 'max_buy_count');
  const unit = ask.unit ?? pack.point;
  const available = ask.available;
  if (unit !== pack.point) refusals.push({ reason: 'price_changed' });
  if (available <= 0) refusals.push({ reason: 'sold_out' });
  const allowance = pack.max_buy_count > 0 ? pack.max_buy_count - buyer.bought : Number.POSITIVE_INFINITY;
  let count: number;
  let min: number;
  if (ask.count === 'all') {
    // Spec section 5: 'all' is offered only under 100 left and without a max_buy_count.
    const banner = drawButtons({
      pack_count: available,
      max_buy_count: pack.max_buy_count,
      can_limit: '0',
      is_sms_limit: '0',
    });
    if (!banner.all.shown) refusals.push({ reason: 'all_not_offered' });
    count = min = Math.min(available, allowance);
  } else {
    count = ask.count;
    min = ask.min ?? count;
  }
  if (available > 0 && available < min) refusals.push({ reason: 'insufficient_stock', remaining: available });
  if (!usedUp && count > allowance) refusals.push(maxBuy(pack, buyer));
  const coins = pack.payment_method === '2';
  const payable = Math.min(count, Math.floor((coins ? buyer.coinBalance : buyer.pointBalance) / unit));
  if (count > 0 && payable < min) refusals.push({ reason: coins ? 'insufficient_coins' : 'insufficient_points' });
  const [refusal] = refusals;
  if (refusal) return { ok: false, refusal, refusals };
  const taken = Math.min(payable, available);
  return { ok: true, count: taken, price: taken * unit };
}

/** How buy_pack_batch names a refusal: 'rules', 'max_buy', 'points', 'coins' or 'stock' (null: a check-only rule). */
export type BatchReason = 'rules' | 'max_buy' | 'points' | 'coins' | 'stock';

const BATCH_REASON: Record<SaleRefusal['reason'], BatchReason | null> = {
  closed: 'rules',
  before_start: 'rules',
  mail_unverified: 'rules',
  sms_required: 'rules',
  rank_required: 'rules',
  price_changed: 'rules',
  max_buy_count: 'max_buy',
  insufficient_points: 'points',
  insufficient_coins: 'coins',
  sold_out: 'stock',
  insufficient_stock: 'stock',
  all_not_offered: null,
};
const BATCH_ORDER: readonly BatchReason[] = ['rules', 'max_buy', 'points', 'coins', 'stock'];

export const batchReasonOf = (r: SaleRefusal): BatchReason | null => BATCH_REASON[r.reason];

/**
 * The refusal buy_pack_batch answers for a buyer alone in its batch: its buyer loop checks the rules, then
 * max_buy_count, then the purse, and counts the stock last, for the buyers left (so the order differs from the
 * check's). Null when none of `refusals` is a batch rule.
 */
export function batchRefusal(refusals: readonly SaleRefusal[]): SaleRefusal | null {
  for (const reason of BATCH_ORDER) {
    const r = refusals.find((x) => batchReasonOf(x) === reason);
    if (r) return r;
  }
  return null;
}
