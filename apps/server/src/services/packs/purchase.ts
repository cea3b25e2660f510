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
 * The whole purchase write but the ledger debit, in one statement (one round trip): load the pack and the buyer,
 * evaluate the sale rules (the same ones assertOnSale applies, so the caller can name the failing one), claim the
 * next undrawn tickets in sequence order skipping rows other buyers hold, record the purchase and its cards.
 * Nothing here touches the pack row, so concurrent buyers of one pack never queue. Returns one row per card with
 * the pack columns, or a single row with null card columns when nothing was claimed (a rule failed, the stock
 * is short, or the token was already used: ON CONFLICT on purchases.token); no row when the pack is unknown.
 */
const BUY_SQL = `
WITH pk AS (
  SELECT ${PACK_COLUMNS}, m.rank AS m_rank, m.sms_verified_at IS NOT NULL AS m_sms,
    m.point_balance AS m_points, m.coin_balance AS m_coins,
    (SELECT COALESCE(sum(count), 0)::int FROM purchases b WHERE b.member_id = m.id AND b.pack_id = p.id) AS m_bought
  FROM packs p, members m WHERE p.id = $1 AND m.id = $3
), ok AS (
  SELECT 1 FROM pk
  WHERE (closed_at IS NULL OR closed_at > $6) AND start_date <= $6 AND (NOT sms_only OR m_sms)
    AND rank_limit <= m_rank AND point = $4::int
    AND (max_buy_count = 0 OR max_buy_count - m_bought >= $2::int)
), claimed AS (
  SELECT ticket_no, pack_card_id FROM tickets
  WHERE pack_id = $1 AND purchase_id IS NULL AND EXISTS (SELECT 1 FROM ok)
  ORDER BY ticket_no LIMIT $2
  FOR UPDATE SKIP LOCKED
), n AS (SELECT count(*)::int AS c FROM claimed),
ins AS (
  INSERT INTO purchases (member_id, pack_id, count, unit_price, price, currency, token, created_at)
  SELECT $3, $1, n.c, $4::int, n.c * $4::int::bigint,
    CASE WHEN (SELECT payment_method FROM pk) = '2' THEN 'coin' ELSE 'point' END, $5, $6
  FROM n WHERE n.c >= $7::int
  ON CONFLICT (token) DO NOTHING
  RETURNING id
), upd AS (
  UPDATE tickets t SET purchase_id = ins.id FROM ins, claimed c
  WHERE t.pack_id = $1 AND t.ticket_no = c.ticket_no
), cards AS (
  INSERT INTO purchase_cards (purchase_id, pack_id, member_id, ticket_no, pack_card_id, created_at)
  SELECT ins.id, $1, $3, c.ticket_no, c.pack_card_id, $6 FROM ins, claimed c ORDER BY c.ticket_no
  RETURNING id AS history_id, purchase_id, ticket_no, pack_card_id
)
SELECT pk.*, cards.history_id, cards.purchase_id, cards.ticket_no, cards.pack_card_id
FROM pk LEFT JOIN cards ON true ORDER BY cards.ticket_no`;

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
    const claim = await tx.query<
      PackRow &
        Partial<ClaimedRow> & { m_rank: number; m_sms: boolean; m_points: number; m_coins: number; m_bought: number }
    >({
      name: 'pack-buy',
      text: BUY_SQL,
      values: [intent.p, intent.c, memberId, intent.u, intent.n, now, intent.a ? 1 : intent.c],
    });
    const head = claim.rows[0];
    if (!head) throw notFound();
    const pack: PackRow = head;
    if (head.history_id == null) {
      // Nothing claimed: name the rule that failed, else it is the stock or a replay (sorted out below).
      const buyer: BuyerState = {
        rank: head.m_rank,
        smsVerified: head.m_sms,
        bought: head.m_bought,
        pointBalance: Number(head.m_points),
        coinBalance: Number(head.m_coins),
      };
      assertOnSale(pack, buyer, now);
      if (pack.point !== intent.u) throw new AppError('conflict', { token: ['tokenExpired'] }, 'price_changed');
      // The intent's count was within the allowance when it was issued; another purchase used it up since.
      if (allowanceLeft(pack, buyer) < intent.c) {
        throw maxBuyError(pack.max_buy_count, buyer.bought);
      }
      return { kind: 'none' as const, pack };
    }
    const claimed: ClaimedRow[] = claim.rows.map((r) => ({
      history_id: r.history_id!,
      purchase_id: r.purchase_id!,
      ticket_no: r.ticket_no!,
      pack_card_id: r.pack_card_id!,
    }));
    const taken = claimed.length;
    const purchaseId = Number(claimed[0]!.purchase_id);
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
    return { kind: 'bought' as const, purchaseId, pack, claimed };
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
