import type { DrawCount } from '@oripa/core';
import type { Pool, PoolClient } from 'pg';
import type { AppContext } from '../../context.ts';
import { withTransaction } from '../../db/transaction.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { changeCoins, spendPoints } from '../ledger.ts';
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

/** The most tickets one request may take, whatever the pack holds. */
const MAX_PER_PURCHASE = 3000;

/**
 * One round trip: the pack, the member's rank/SMS/balances, how many draws of this pack they bought, and how many
 * undrawn tickets there are up to `upTo` (a bounded count: at most `upTo` index entries, never the whole pack).
 * Named, so each pooled connection plans it once.
 */
const PACK_AND_BUYER_SQL = `SELECT ${PACK_COLUMNS}, m.rank AS m_rank, m.sms_verified_at IS NOT NULL AS m_sms,
    m.point_balance AS m_points, m.coin_balance AS m_coins,
    (SELECT COALESCE(sum(count), 0)::int FROM purchases b WHERE b.member_id = m.id AND b.pack_id = p.id) AS m_bought,
    (SELECT count(*)::int FROM (SELECT 1 FROM tickets t WHERE t.pack_id = p.id AND t.purchase_id IS NULL
       ORDER BY t.pack_id, t.ticket_no LIMIT $3) t) AS available
  FROM packs p, members m WHERE p.id = $1 AND m.id = $2`;

async function loadPackAndBuyer(db: PoolClient | Pool, packId: number, memberId: number, upTo: number) {
  const { rows } = await db.query<
    PackRow & { m_rank: number; m_sms: boolean; m_points: number; m_coins: number; m_bought: number; available: number }
  >({ name: 'pack-and-buyer', text: PACK_AND_BUYER_SQL, values: [packId, memberId, upTo] });
  const r = rows[0];
  if (!r) return null;
  const buyer: BuyerState = {
    rank: r.m_rank,
    smsVerified: r.m_sms,
    bought: r.m_bought,
    pointBalance: Number(r.m_points),
    coinBalance: Number(r.m_coins),
  };
  return { pack: r as PackRow, buyer, available: r.available };
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

/**
 * POST /pack/check: validates everything a purchase needs and answers a signed, member-bound, short-lived intent.
 * It counts stock with a bounded query (at most `count` index entries), never the whole pack.
 */
export async function checkPurchase(
  ctx: AppContext,
  memberId: number,
  packId: number,
  count: DrawCount,
): Promise<CheckResult> {
  const now = ctx.clock.now();
  const wanted = count === 'all' ? MAX_PER_PURCHASE : count;
  const loaded = await loadPackAndBuyer(ctx.db.pool, packId, memberId, wanted);
  if (!loaded) throw new AppError('not_found', { count: ['packNotFound'] }, 'not_found');
  const { pack, buyer, available } = loaded;
  assertOnSale(pack, buyer, now);
  if (available === 0) throw soldOutError();
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

export interface ClaimedRow {
  history_id: number;
  purchase_id: number;
  ticket_no: number;
  pack_card_id: number;
}

/**
 * Claims the next undrawn tickets in sequence order, skipping rows other buyers hold, records the purchase and its
 * cards, all in one statement. Nothing here touches the pack row, so concurrent buyers of one pack never queue.
 * Returns null for purchase_id when the token was already used (ON CONFLICT on purchases.token).
 */
const CLAIM_SQL = `
WITH claimed AS (
  SELECT ticket_no, pack_card_id FROM tickets
  WHERE pack_id = $1 AND purchase_id IS NULL
  ORDER BY ticket_no LIMIT $2
  FOR UPDATE SKIP LOCKED
), n AS (SELECT count(*)::int AS c FROM claimed),
ins AS (
  INSERT INTO purchases (member_id, pack_id, count, unit_price, price, currency, token, created_at)
  SELECT $3, $1, n.c, $4::int, n.c * $4::int::bigint, $5, $6, $7 FROM n WHERE n.c >= $8
  ON CONFLICT (token) DO NOTHING
  RETURNING id
), upd AS (
  UPDATE tickets t SET purchase_id = ins.id FROM ins, claimed c
  WHERE t.pack_id = $1 AND t.ticket_no = c.ticket_no
)
INSERT INTO purchase_cards (purchase_id, pack_id, member_id, ticket_no, pack_card_id, created_at)
SELECT ins.id, $1, $3, c.ticket_no, c.pack_card_id, $7 FROM ins, claimed c ORDER BY c.ticket_no
RETURNING id AS history_id, purchase_id, ticket_no, pack_card_id`;

/**
 * POST /pack/buy: re-checks every rule inside one transaction, takes the tickets, debits points (free lots first,
 * then the soonest to expire) or coins through the ledger, and records the purchase. A replayed token answers the
 * first purchase; another member's token is a 404 and changes nothing.
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

  const result = await withTransaction(ctx.db, async (tx) => {
    // upTo 0: inside the transaction the claim itself is the stock check.
    const loaded = await loadPackAndBuyer(tx, intent.p, memberId, 0);
    if (!loaded) throw notFound();
    const { pack, buyer } = loaded;
    assertOnSale(pack, buyer, now);
    if (pack.point !== intent.u) throw new AppError('conflict', { token: ['tokenExpired'] }, 'price_changed');
    const allowance = allowanceLeft(pack, buyer);
    const limit = Math.min(intent.c, allowance);
    if (limit < (intent.a ? 1 : intent.c)) throw maxBuyError(pack.max_buy_count, buyer.bought);

    const claim = await tx.query<ClaimedRow>({
      name: 'pack-claim',
      text: CLAIM_SQL,
      values: [
        pack.id,
        limit,
        memberId,
        pack.point,
        pack.payment_method === '2' ? 'coin' : 'point',
        intent.n,
        now,
        intent.a ? 1 : intent.c,
      ],
    });
    const taken = claim.rowCount ?? 0;
    if (taken === 0) return { kind: 'none' as const, pack };
    const purchaseId = Number(claim.rows[0]!.purchase_id);
    const ref = { reason: 'pack_purchase', refType: 'purchase', refId: purchaseId, memo: `pack ${pack.id} x${taken}` };
    const price = taken * pack.point;
    if (pack.payment_method === '2') await changeCoins(tx, { ...ref, memberId, amount: -price, now });
    else await spendPoints(tx, { ...ref, memberId, amount: price, now });
    if (pack.max_buy_count > 0) {
      // spendPoints/changeCoins locked this member's row, so this count sees every committed purchase of theirs.
      const { rows: b } = await tx.query<{ n: number }>(
        'SELECT COALESCE(sum(count), 0)::int AS n FROM purchases WHERE member_id = $1 AND pack_id = $2',
        [memberId, pack.id],
      );
      if (b[0]!.n > pack.max_buy_count) throw maxBuyError(pack.max_buy_count, b[0]!.n - taken);
    }
    return { kind: 'bought' as const, purchaseId, pack, claimed: claim.rows };
  }).catch(async (err: unknown) => {
    // A rule that fails now (sold out, limit reached, closed) may fail only because this token already bought:
    // a replay answers the first purchase, whatever changed since.
    if (err instanceof AppError) {
      const replay = await findPurchaseByNonce(ctx, intent.n, memberId);
      if (replay) return { kind: 'replay' as const, replay };
    }
    throw err;
  });

  if (result.kind === 'replay') return result.replay;

  if (result.kind === 'bought') {
    return {
      purchaseId: result.purchaseId,
      pack: result.pack,
      replayed: false,
      createdAt: now,
      claimed: result.claimed,
    };
  }
  // Nothing inserted: either the token was spent meanwhile (a double submit), or the stock is gone.
  const replay = await findPurchaseByNonce(ctx, intent.n, memberId);
  if (replay) return replay;
  const { rows } = await ctx.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM tickets WHERE pack_id = $1 AND purchase_id IS NULL LIMIT $2) t`,
    [intent.p, MAX_PER_PURCHASE],
  );
  if (rows[0]!.n === 0) throw soldOutError();
  throw insufficientStockError(rows[0]!.n);
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
