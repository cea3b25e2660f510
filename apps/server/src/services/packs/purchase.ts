import {
  batchReasonOf,
  batchRefusal,
  saleEligibility,
  standingRefusals,
  type DrawCount,
  type SaleBuyer,
  type SaleRefusal,
} from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { Batcher } from '../../db/batcher.ts';
import { AppError, notFound } from '../../app-error.ts';
import { insufficientCoins, insufficientPoints } from '../ledger.ts';
import { buyInBatch } from './buy-batcher.ts';
import { findPack, type CardRow, type PackRow } from '../../db/queries/packs.ts';
import { findPurchaseByToken, packsAndBuyers, type ClaimedRow } from '../../db/queries/purchases.ts';
import { lineupById } from './lineup-cache.ts';
import { issuePurchaseToken, PURCHASE_TOKEN_TTL_MS, readPurchaseToken } from './purchase-token.ts';
import { saleError } from './sale-rules.ts';
import { memberSuspended } from '../member-suspension.ts';
import { requireAdmission } from '../drops/waiting-room.ts';

export interface PackAndBuyerQuery {
  packId: number;
  memberId: number;
}
export interface PackAndBuyer {
  pack: PackRow;
  buyer: SaleBuyer;
  available: number;
  /** Suspended by support (issue 10): refused before any sale rule. */
  suspended: boolean;
}

async function loadPacksAndBuyers(ctx: AppContext, qs: PackAndBuyerQuery[]): Promise<(PackAndBuyer | null)[]> {
  const rows = await packsAndBuyers(
    ctx.db.pool,
    qs.map((q) => q.packId),
    qs.map((q) => q.memberId),
  );
  const found = new Map(rows.map((r) => [r.i, r]));
  return qs.map((_, i) => {
    const r = found.get(i + 1);
    if (!r) return null;
    const buyer: SaleBuyer = {
      rank: r.m_rank,
      mailVerified: r.m_mail,
      smsVerified: r.m_sms,
      bought: r.m_bought,
      pointBalance: Number(r.m_points),
      coinBalance: Number(r.m_coins),
    };
    return { pack: r as PackRow, buyer, available: r.available, suspended: r.m_suspended };
  });
}

/** Checks in a rush are read together: one statement per batch instead of one per check (db/batcher.ts). */
function loadPackAndBuyer(ctx: AppContext, packId: number, memberId: number) {
  ctx.packs.checks ??= new Batcher((qs) => loadPacksAndBuyers(ctx, qs), { maxInFlight: 2, maxBatch: 64 });
  return ctx.packs.checks.submit({ packId, memberId });
}

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
  if (loaded.suspended) throw memberSuspended('general');
  const answer = saleEligibility(pack, buyer, now, { count, available });
  if (!answer.ok) throw saleError(answer.refusal);
  // A drop sells only to admitted members (issue 22 §1); the sale rules' refusals (sold out, closed) come first.
  await requireAdmission(ctx, packId, memberId, now);
  const { count: n, price } = answer;
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
  /**
   * A purchase made by this call: the tickets it took and the pack's lineup (in memory), from which the reply is
   * built without another query. Absent for a replay: the caller loads the first purchase's cards.
   */
  fresh?: { claimed: ClaimedRow[]; createdAt: Date; lineup: Map<number, CardRow> };
}

/**
 * The pack columns a purchase reply shows (name, type, payment method), cached per instance for a second: the
 * purchase itself was decided inside buy_pack_batch on the live row, so this copy only labels the reply.
 */
function packForReply(ctx: AppContext, packId: number): Promise<PackRow | null> {
  return ctx.packs.replyPacks.get(packId, () => findPack(ctx.db.pool, packId));
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
  // A drop's admission may lapse between the check and the buy: the buy asks again (issue 22 §1).
  await requireAdmission(ctx, intent.p, memberId, now);

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
  const [pack, lineup] = await Promise.all([packForReply(ctx, intent.p), lineupById(ctx, intent.p)]);
  if (!pack) throw notFound();
  return {
    purchaseId: Number(claimed[0]!.purchase_id),
    pack,
    replayed: false,
    fresh: { claimed, createdAt: outcome.at, lineup },
  };
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
  if (loaded.suspended) throw memberSuspended('general');
  const { pack, buyer, available } = loaded;
  // The purse was not the reason (the batch says so itself): a standing rule first, as the check names them, then
  // the batch's own order (price, then max_buy_count for this count: another purchase used the allowance up since
  // the check, then the stock).
  const answer = saleEligibility(pack, buyer, now, { count, unit, available });
  const notPurse = (r: SaleRefusal) => batchReasonOf(r) !== 'points' && batchReasonOf(r) !== 'coins';
  const refused = answer.ok ? [] : answer.refusals.filter(notPurse);
  const why = standingRefusals(pack, buyer, now)[0] ?? batchRefusal(refused);
  throw saleError(why ?? { reason: 'insufficient_stock', remaining: available });
}

async function findPurchaseByNonce(ctx: AppContext, nonce: string, memberId: number): Promise<BoughtPurchase | null> {
  const r = await findPurchaseByToken(ctx.db.pool, nonce);
  if (!r || Number(r.member_id) !== memberId) return null;
  return { purchaseId: Number(r.purchase_id), pack: r, replayed: true };
}
