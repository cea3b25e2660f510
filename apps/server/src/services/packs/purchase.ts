import { drawButtons, type DrawCount } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { Batcher } from '../../db/batcher.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { insufficientCoins, insufficientPoints } from '../ledger.ts';
import { buyInBatch, type ClaimedRow } from './buy-batcher.ts';
import { PACK_COLUMNS, type PackRow } from './pack-rows.ts';
import { issuePurchaseToken, PURCHASE_TOKEN_TTL_MS, readPurchaseToken } from './purchase-token.ts';
import {
  assertAffordable,
  assertOnSale,
  insufficientStockError,
  maxBuyError,
  soldOutError,
  type BuyerState,
} from './sale-rules.ts';

/**
 * For each (pack, member): the pack, the member's rank/SMS/balances, how many draws of this pack they bought, and
 * how many tickets are left (the draw cursor: one row). The draws bought are only summed when the pack has a
 * max_buy_count (a rush buyer's history grows with every draw). One statement for a whole batch of checks (see
 * loadPackAndBuyer); named, so each pooled connection plans it once.
 */
const PACK_AND_BUYER_SQL = `SELECT q.i::int AS i, ${PACK_COLUMNS}, m.rank AS m_rank, m.sms_verified_at IS NOT NULL AS m_sms,
    m.point_balance AS m_points, m.coin_balance AS m_coins,
    CASE WHEN p.max_buy_count > 0 THEN (SELECT COALESCE(sum(count), 0)::int FROM purchases b
      WHERE b.member_id = m.id AND b.pack_id = p.id) ELSE 0 END AS m_bought,
    (SELECT s.total - s.drawn FROM pack_stock s WHERE s.pack_id = p.id) AS available
  FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS q(pack_id, member_id, i)
  JOIN packs p ON p.id = q.pack_id JOIN members m ON m.id = q.member_id`;

interface PackAndBuyerQuery {
  packId: number;
  memberId: number;
}
type PackAndBuyerRow = PackRow & {
  i: number;
  m_rank: number;
  m_sms: boolean;
  m_points: number;
  m_coins: number;
  m_bought: number;
  available: number;
};
interface PackAndBuyer {
  pack: PackRow;
  buyer: BuyerState;
  available: number;
}

async function loadPacksAndBuyers(ctx: AppContext, qs: PackAndBuyerQuery[]): Promise<(PackAndBuyer | null)[]> {
  const { rows } = await ctx.db.pool.query<PackAndBuyerRow>({
    name: 'pack-and-buyer',
    text: PACK_AND_BUYER_SQL,
    values: [qs.map((q) => q.packId), qs.map((q) => q.memberId)],
  });
  const found = new Map(rows.map((r) => [r.i, r]));
  return qs.map((_, i) => {
    const r = found.get(i + 1);
    if (!r) return null;
    const buyer: BuyerState = {
      rank: r.m_rank,
      smsVerified: r.m_sms,
      bought: r.m_bought,
      pointBalance: Number(r.m_points),
      coinBalance: Number(r.m_coins),
    };
    return { pack: r as PackRow, buyer, available: r.available };
  });
}

/** Checks in a rush are read together: one statement per batch instead of one per check (db/batcher.ts). */
const checkBatchers = new WeakMap<AppContext, Batcher<PackAndBuyerQuery, PackAndBuyer | null>>();

function loadPackAndBuyer(ctx: AppContext, packId: number, memberId: number) {
  let batcher = checkBatchers.get(ctx);
  if (!batcher) {
    batcher = new Batcher((qs) => loadPacksAndBuyers(ctx, qs), { maxInFlight: 2, maxBatch: 64 });
    checkBatchers.set(ctx, batcher);
  }
  return batcher.submit({ packId, memberId });
}

/** How many draws are still allowed by max_buy_count (Infinity when unlimited). */
const allowanceLeft = (pack: PackRow, buyer: BuyerState) =>
  pack.max_buy_count > 0 ? pack.max_buy_count - buyer.bought : Number.POSITIVE_INFINITY;

export interface CheckResult {
  token: string;
  count: number;
  point: number;
  payment_method: '1' | '2';
}

/** POST /pack/check: validates everything a purchase needs and answers a signed, member-bound, short-lived intent. */
export async function checkPurchase(
  ctx: AppContext,
  memberId: number,
  packId: number,
  count: DrawCount,
): Promise<CheckResult> {
  const now = ctx.clock.now();
  const loaded = await loadPackAndBuyer(ctx, packId, memberId);
  if (!loaded) throw new AppError('not_found', { count: ['packNotFound'] }, 'not_found');
  const { pack, buyer, available } = loaded;
  assertOnSale(pack, buyer, now);
  if (available === 0) throw soldOutError();
  // 'all' is offered only where the pack banner shows it (spec section 5: under 100 left and no max_buy_count).
  if (
    count === 'all' &&
    !drawButtons({ pack_count: available, max_buy_count: pack.max_buy_count, can_limit: '0', is_sms_limit: '0' }).all
      .shown
  ) {
    throw new AppError('validation', { count: ['allNotOffered'] }, 'all_not_offered');
  }
  const allowance = allowanceLeft(pack, buyer);
  let n: number;
  if (count === 'all') {
    n = Math.min(available, allowance);
  } else {
    if (available < count) throw insufficientStockError(available);
    if (count > allowance) throw maxBuyError(pack.max_buy_count, buyer.bought);
    n = count;
  }
  const price = n * pack.point;
  assertAffordable(pack, buyer, price);
  const token = issuePurchaseToken(ctx.config.sessionSecret, {
    m: memberId,
    p: packId,
    c: n,
    a: count === 'all' ? 1 : 0,
    u: pack.point,
    e: now.getTime() + PURCHASE_TOKEN_TTL_MS,
  });
  return { token, count: n, point: price, payment_method: pack.payment_method };
}

export interface BoughtPurchase {
  purchaseId: number;
  pack: PackRow;
  /** True when this call found the token already spent and returned the first purchase. */
  replayed: boolean;
  /** The tickets this call took (absent for a replay: the caller loads the first purchase's cards). */
  claimed?: ClaimedRow[];
  createdAt?: Date;
}

/**
 * The pack columns a purchase reply shows (name, type, payment method), cached per instance for a second: the
 * purchase itself was decided inside buy_pack_batch on the live row, so this copy only labels the reply.
 */
const PACK_REPLY_TTL_MS = 1000;
const packReplyCache = new WeakMap<AppContext, Map<number, { at: number; pack: Promise<PackRow | null> }>>();

function packForReply(ctx: AppContext, packId: number): Promise<PackRow | null> {
  let cache = packReplyCache.get(ctx);
  if (!cache) packReplyCache.set(ctx, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(packId);
  if (hit && now - hit.at < PACK_REPLY_TTL_MS) return hit.pack;
  const pack = ctx.db.pool
    .query<PackRow>({
      name: 'pack-for-reply',
      text: `SELECT ${PACK_COLUMNS} FROM packs p WHERE p.id = $1`,
      values: [packId],
    })
    .then(({ rows }) => rows[0] ?? null);
  pack.catch(() => cache.delete(packId));
  cache.set(packId, { at: now, pack });
  return pack;
}

/**
 * POST /pack/buy: re-checks every rule, takes the tickets, debits points (free lots first, then the soonest to
 * expire) or coins with ledger rows, and records the purchase, all in one statement shared with the other buyers
 * of the pack waiting at that moment (buy-batcher.ts, ADR 0007). A replayed token answers the first purchase;
 * another member's token is a 404 and changes nothing.
 */
export async function buyWithToken(ctx: AppContext, memberId: number, token: string): Promise<BoughtPurchase> {
  const intent = readPurchaseToken(ctx.config.sessionSecret, token);
  if (!intent) throw new AppError('validation', { token: ['tokenInvalid'] }, 'token_invalid');
  if (intent.m !== memberId) throw new AppError('not_found', { token: ['tokenInvalid'] }, 'token_not_yours');
  const now = ctx.clock.now();

  if (intent.e < now.getTime()) {
    const first = await findPurchaseByNonce(ctx, intent.n, memberId);
    if (first) return first;
    throw new AppError('validation', { token: ['tokenExpired'] }, 'token_expired');
  }

  const outcome = await buyInBatch(ctx, intent.p, {
    memberId,
    count: intent.c,
    unit: intent.u,
    token: intent.n,
    min: intent.a ? 1 : intent.c,
  });
  if ('notBought' in outcome) {
    if (outcome.notBought === 'points') throw insufficientPoints();
    if (outcome.notBought === 'coins') throw insufficientCoins();
    return explainNothingBought(ctx, memberId, intent.p, intent.c, intent.u, intent.n, outcome.at);
  }
  const claimed = outcome.bought;
  const pack = await packForReply(ctx, intent.p);
  if (!pack) throw notFound();
  return { purchaseId: Number(claimed[0]!.purchase_id), pack, replayed: false, createdAt: outcome.at, claimed };
}

/**
 * buy_pack_batch bought nothing for this buyer: name why, as the old in-transaction code did — a replay first (the token was spent:
 * answer the first purchase), then the sale rules on the live rows, then the stock.
 */
async function explainNothingBought(
  ctx: AppContext,
  memberId: number,
  packId: number,
  count: number,
  unit: number,
  nonce: string,
  now: Date,
): Promise<BoughtPurchase> {
  const replay = await findPurchaseByNonce(ctx, nonce, memberId);
  if (replay) return replay;
  const loaded = await loadPackAndBuyer(ctx, packId, memberId);
  if (!loaded) throw notFound();
  const { pack, buyer, available } = loaded;
  assertOnSale(pack, buyer, now);
  if (pack.point !== unit) throw new AppError('conflict', { token: ['tokenExpired'] }, 'price_changed');
  // The intent's count was within the allowance when it was issued; another purchase used it up since.
  if (allowanceLeft(pack, buyer) < count) throw maxBuyError(pack.max_buy_count, buyer.bought);
  if (available === 0) throw soldOutError();
  throw insufficientStockError(available);
}

async function findPurchaseByNonce(ctx: AppContext, nonce: string, memberId: number): Promise<BoughtPurchase | null> {
  const { rows } = await ctx.db.pool.query<PackRow & { purchase_id: number; member_id: number }>(
    `SELECT ${PACK_COLUMNS}, b.id AS purchase_id, b.member_id FROM purchases b JOIN packs p ON p.id = b.pack_id
     WHERE b.token = $1`,
    [nonce],
  );
  const r = rows[0];
  if (!r || Number(r.member_id) !== memberId) return null;
  return { purchaseId: Number(r.purchase_id), pack: r, replayed: true };
}
