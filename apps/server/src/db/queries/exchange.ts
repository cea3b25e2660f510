import { insertReturningId, many, maybeOne, type Queryable } from '../queryable.ts';

export interface ExchangeCardRow {
  id: number;
  name: string;
  name_en: string;
  image_url: string;
  rarity: number;
  model_number: string;
  price: number;
  convert_point: number;
  no_reduction: boolean;
  stock_total: number;
  stock_left: number;
}

const CARD = `c.id::int AS id, c.name, c.name_en, c.image_url, c.rarity, c.model_number, c.price, c.convert_point,
  c.no_reduction, c.stock_total, c.stock_left`;

/** One page of the listed cards, in display order (sold-out cards stay listed, shown as such). */
export async function listExchangeCards(db: Queryable, limit: number, offset: number): Promise<ExchangeCardRow[]> {
  return many<ExchangeCardRow>(
    db,
    `SELECT ${CARD} FROM exchange_cards c WHERE c.active ORDER BY c.sort, c.id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
}

export async function countExchangeCards(db: Queryable): Promise<number> {
  const row = await maybeOne<{ n: number }>(db, 'SELECT count(*)::int AS n FROM exchange_cards WHERE active');
  return Number(row!.n);
}

export async function findExchangeCard(db: Queryable, id: number): Promise<ExchangeCardRow | null> {
  return maybeOne<ExchangeCardRow>(db, `SELECT ${CARD} FROM exchange_cards c WHERE c.id = $1 AND c.active`, [id]);
}

/** The card of an exchange order, listed or not (the history shows cards taken before a listing closed). */
export async function exchangeCardOfOrder(db: Queryable, orderId: number): Promise<ExchangeCardRow | null> {
  return maybeOne<ExchangeCardRow>(
    db,
    `SELECT ${CARD} FROM exchange_orders o JOIN exchange_cards c ON c.id = o.exchange_card_id WHERE o.id = $1`,
    [orderId],
  );
}

/**
 * Takes one from the stock: the conditional UPDATE is the whole guard against overselling (a concurrent taker of
 * the last one waits for this row lock, re-reads stock_left = 0 and updates nothing). Null when sold out.
 */
export async function takeExchangeStock(tx: Queryable, id: number): Promise<ExchangeCardRow | null> {
  return maybeOne<ExchangeCardRow>(
    tx,
    `UPDATE exchange_cards c SET stock_left = c.stock_left - 1
     WHERE c.id = $1 AND c.active AND c.stock_left > 0 RETURNING ${CARD}`,
    [id],
  );
}

export interface ExchangeOrderRow {
  id: number;
  member_id: number;
  exchange_card_id: number;
  price: number;
  status: 'pending' | 'ship' | 'convert';
  created_at: Date;
}

const ORDER = `o.id::int AS id, o.member_id::int AS member_id, o.exchange_card_id::int AS exchange_card_id, o.price,
  o.status, o.created_at`;

/** Records the exchange; null when this member already used the request key (a double submit). */
export async function insertExchangeOrder(
  tx: Queryable,
  o: { memberId: number; cardId: number; price: number; requestKey: string; now: Date },
): Promise<number | null> {
  const row = await maybeOne<{ id: number }>(
    tx,
    `INSERT INTO exchange_orders (member_id, exchange_card_id, price, request_key, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (member_id, request_key) DO NOTHING RETURNING id::int AS id`,
    [o.memberId, o.cardId, o.price, o.requestKey, o.now],
  );
  return row ? Number(row.id) : null;
}

export async function findExchangeOrderByKey(
  db: Queryable,
  memberId: number,
  requestKey: string,
): Promise<ExchangeOrderRow | null> {
  return maybeOne<ExchangeOrderRow>(
    db,
    `SELECT ${ORDER} FROM exchange_orders o WHERE o.member_id = $1 AND o.request_key = $2`,
    [memberId, requestKey],
  );
}

/** The order locked for the member's ship-or-convert decision (a double submit waits, then sees it decided). */
export async function lockExchangeOrder(tx: Queryable, id: number, memberId: number): Promise<ExchangeOrderRow | null> {
  return maybeOne<ExchangeOrderRow>(
    tx,
    `SELECT ${ORDER} FROM exchange_orders o WHERE o.id = $1 AND o.member_id = $2 FOR UPDATE`,
    [id, memberId],
  );
}

export async function markExchangeShipped(
  tx: Queryable,
  id: number,
  address: object,
  shipmentId: number,
  now: Date,
): Promise<void> {
  await tx.query(
    `UPDATE exchange_orders SET status = 'ship', address = $2, shipment_id = $3, decided_at = $4 WHERE id = $1`,
    [id, JSON.stringify(address), shipmentId, now],
  );
}

export async function markExchangeConverted(tx: Queryable, id: number, point: number, now: Date): Promise<void> {
  await tx.query(`UPDATE exchange_orders SET status = 'convert', returned_point = $2, decided_at = $3 WHERE id = $1`, [
    id,
    point,
    now,
  ]);
}

export type PendingOrderRow = ExchangeOrderRow & { card: ExchangeCardRow };

/** The member's exchanged cards still waiting for a decision, newest first, each with its card. */
export async function pendingExchangeOrders(db: Queryable, memberId: number): Promise<PendingOrderRow[]> {
  return many<PendingOrderRow>(
    db,
    `SELECT ${ORDER}, row_to_json(card) AS card
     FROM exchange_orders o
     CROSS JOIN LATERAL (SELECT ${CARD} FROM exchange_cards c WHERE c.id = o.exchange_card_id) card
     WHERE o.member_id = $1 AND o.status = 'pending' ORDER BY o.id DESC LIMIT 50`,
    [memberId],
  );
}

export interface NewExchangeCard {
  name: string;
  nameEn: string;
  imageUrl: string;
  rarity: number;
  modelNumber: string;
  price: number;
  convertPoint: number;
  noReduction: boolean;
  stock: number;
  sort: number;
}

export async function insertExchangeCard(db: Queryable, c: NewExchangeCard): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO exchange_cards (name, name_en, image_url, rarity, model_number, price, convert_point, no_reduction,
       stock_total, stock_left, sort)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9, $10) RETURNING id`,
    [c.name, c.nameEn, c.imageUrl, c.rarity, c.modelNumber, c.price, c.convertPoint, c.noReduction, c.stock, c.sort],
  );
}

export async function anyExchangeCard(db: Queryable): Promise<boolean> {
  return (await maybeOne(db, 'SELECT 1 FROM exchange_cards LIMIT 1')) !== null;
}

/**
 * Exchanged cards left undecided since before `cutoff` that may be converted, locked for the auto-conversion job
 * (rows another instance or a member's decision holds are skipped). Must-ship cards stay for the member.
 */
export async function claimUndecidedExchanges(
  tx: Queryable,
  cutoff: Date,
  limit: number,
): Promise<(ExchangeOrderRow & { convert_point: number; name: string })[]> {
  return many(
    tx,
    `SELECT ${ORDER}, c.convert_point, c.name FROM exchange_orders o JOIN exchange_cards c ON c.id = o.exchange_card_id
     WHERE o.status = 'pending' AND o.created_at < $1 AND NOT c.no_reduction
     ORDER BY o.created_at LIMIT $2 FOR UPDATE OF o SKIP LOCKED`,
    [cutoff, limit],
  );
}
