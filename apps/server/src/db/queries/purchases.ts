import { many, maybeOne, type Queryable } from '../queryable.ts';
import { PACK_COLUMNS, type PackRow } from './packs.ts';

/** A pack with one member's standing towards it: what POST /pack/check (and a refused buy) judges. */
export type PackAndBuyerRow = PackRow & {
  /** The position (1-based) of the (pack, member) pair in the call. */
  i: number;
  m_rank: number;
  m_mail: boolean;
  m_sms: boolean;
  m_points: number;
  m_coins: number;
  /** The member is suspended by support (issue 10): no purchase. */
  m_suspended: boolean;
  /** Draws of this pack the member bought (0 when the pack has no max_buy_count: not summed). */
  m_bought: number;
  /** Tickets left: the draw cursor's one row. */
  available: number;
};

/**
 * For each (pack, member): the pack, the member's rank/mail/SMS/balances, how many draws of this pack they bought, and
 * how many tickets are left (the draw cursor: one row). The draws bought are only summed when the pack has a
 * max_buy_count (a rush buyer's history grows with every draw). One statement for a whole batch of checks; named,
 * so each pooled connection plans it once. A pair whose pack or member is unknown has no row.
 */
export async function packsAndBuyers(
  db: Queryable,
  packIds: number[],
  memberIds: number[],
): Promise<PackAndBuyerRow[]> {
  const { rows } = await db.query<PackAndBuyerRow>({
    name: 'pack-and-buyer',
    text: `SELECT q.i::int AS i, ${PACK_COLUMNS}, m.rank AS m_rank,
    m.mail_verified_at IS NOT NULL AS m_mail, m.sms_verified_at IS NOT NULL AS m_sms,
    m.point_balance AS m_points, m.coin_balance AS m_coins, m.suspended_at IS NOT NULL AS m_suspended,
    CASE WHEN p.max_buy_count > 0 THEN (SELECT COALESCE(sum(count), 0)::int FROM purchases b
      WHERE b.member_id = m.id AND b.pack_id = p.id) ELSE 0 END AS m_bought,
    (SELECT s.total - s.drawn FROM pack_stock s WHERE s.pack_id = p.id) AS available
  FROM unnest($1::bigint[], $2::bigint[]) WITH ORDINALITY AS q(pack_id, member_id, i)
  JOIN packs p ON p.id = q.pack_id JOIN members m ON m.id = q.member_id`,
    values: [packIds, memberIds],
  });
  return rows;
}

/** One buyer of a buy_pack_batch call: a purchase intent as the token carries it. */
export interface BatchBuyer {
  memberId: number;
  count: number;
  unit: number;
  /** The purchase intent's nonce (purchases.token). */
  token: string;
  /** The fewest draws acceptable: the count, or 1 for 'all'. */
  min: number;
}

/** A ticket a buyer took: the drawn card's history id, its purchase, ticket number and lineup card. */
export interface ClaimedRow {
  history_id: number;
  purchase_id: number;
  ticket_no: number;
  pack_card_id: number;
}

/** A row of buy_pack_batch: a ticket buyer `idx` took (reason null), or the one reason a buyer bought nothing. */
export interface BatchRow extends ClaimedRow {
  idx: number;
  reason: string | null;
}

/** buy_pack_batch's 'stock moved' error (the batch wrote nothing and may be sent again). */
export const STOCK_MOVED = 'OR010';

export const BATCH_SQL = `SELECT idx, purchase_id, history_id, ticket_no, pack_card_id, reason
  FROM buy_pack_batch($1, $2, $3, $4, $5, $6, $7)`;

/** The parameters of BATCH_SQL: buyer i of the batch is element i of each array. */
export const batchValues = (packId: number, buyers: BatchBuyer[], at: Date) => [
  packId,
  buyers.map((b) => b.memberId),
  buyers.map((b) => b.count),
  buyers.map((b) => b.unit),
  buyers.map((b) => b.token),
  buyers.map((b) => b.min),
  at,
];

/**
 * One group purchase (ADR 0007, 0008): every buyer's tickets, purchase and debit in one statement, all or nothing
 * (it may fail with a conflict code or STOCK_MOVED; the caller decides whether to send it again). Named, so each
 * pooled connection plans it once.
 */
export async function buyPackBatch(db: Queryable, packId: number, buyers: BatchBuyer[], at: Date): Promise<BatchRow[]> {
  const { rows } = await db.query<BatchRow>({
    name: 'pack-buy-batch',
    text: BATCH_SQL,
    values: batchValues(packId, buyers, at),
  });
  return rows;
}

export type PurchaseByTokenRow = PackRow & { purchase_id: number; member_id: number };

/** The purchase that spent a token (the nonce is unique), with its pack; the caller checks the member. */
export async function findPurchaseByToken(db: Queryable, token: string): Promise<PurchaseByTokenRow | null> {
  return maybeOne<PurchaseByTokenRow>(
    db,
    `SELECT ${PACK_COLUMNS}, b.id AS purchase_id, b.member_id FROM purchases b JOIN packs p ON p.id = b.pack_id
     WHERE b.token = $1`,
    [token],
  );
}

export type PurchaseRow = PackRow & {
  purchase_id: number;
  created: Date;
  count: number;
  price: number;
  currency: 'point' | 'coin';
};

/** The member's latest purchase matching `where` (a constant condition on b, never input), with its pack. */
async function latestPurchaseWhere(db: Queryable, memberId: number, where: string, params: unknown[]) {
  return maybeOne<PurchaseRow>(
    db,
    `SELECT ${PACK_COLUMNS}, b.id AS purchase_id, b.created_at AS created, b.count, b.price, b.currency
     FROM purchases b JOIN packs p ON p.id = b.pack_id WHERE b.member_id = $1 AND ${where}
     ORDER BY b.id DESC LIMIT 1`,
    [memberId, ...params],
  );
}

/** One purchase of this member (null when it is another member's or unknown). */
export function findMemberPurchase(db: Queryable, memberId: number, purchaseId: number) {
  return latestPurchaseWhere(db, memberId, 'b.id = $2', [purchaseId]);
}

/** The member's latest purchase that still has cards to decide. */
export function latestUndecidedPurchase(db: Queryable, memberId: number) {
  return latestPurchaseWhere(
    db,
    memberId,
    `EXISTS (SELECT 1 FROM purchase_cards d WHERE d.purchase_id = b.id AND d.status = 'pending')`,
    [],
  );
}

/** The member's latest purchase of any kind. */
export function latestMemberPurchase(db: Queryable, memberId: number) {
  return latestPurchaseWhere(db, memberId, 'true', []);
}

/** Draws the member bought, per pack (packs never bought are absent). */
export async function drawsBoughtPerPack(db: Queryable, memberId: number): Promise<{ pack_id: number; n: number }[]> {
  return many(db, 'SELECT pack_id, sum(count)::int AS n FROM purchases WHERE member_id = $1 GROUP BY pack_id', [
    memberId,
  ]);
}
