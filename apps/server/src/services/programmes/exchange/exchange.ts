import type { PoolClient } from 'pg';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/queryable.ts';
import {
  countExchangeCards,
  findExchangeCard,
  findExchangeOrderByKey,
  insertExchangeOrder,
  listExchangeCards,
  lockExchangeOrder,
  markExchangeConverted,
  markExchangeShipped,
  pendingExchangeOrders,
  takeExchangeStock,
  type ExchangeCardRow,
  type ExchangeOrderRow,
} from '../../../db/queries/exchange.ts';
import { findMemberById } from '../../../db/queries/members.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { AppError } from '../../../app-error.ts';
import { grantPoints, insufficientPoints, spendPoints } from '../../ledger.ts';
import { memberAddress } from '../../packs/decision.ts';
import { joinShipment } from '../../shipment-join.ts';
import { requireConfirmedMail } from '../../mail-verification.ts';

export const EXCHANGE_PAGE_SIZE = 12;

/** Thrown inside the exchange transaction when its request key was used already: roll back, answer the first. */
class RollbackRepeat extends Error {}

const notFound = () => AppError.validation('exchange_card_id', 'exchangeNotFound', 'exchange_not_found');
const soldOut = () => new AppError('conflict', { exchange_card_id: ['exchangeSoldOut'] }, 'sold_out');

export async function exchangeCatalogue(db: Queryable, memberId: number, page: number) {
  const [cards, total, pending] = await Promise.all([
    listExchangeCards(db, EXCHANGE_PAGE_SIZE, (page - 1) * EXCHANGE_PAGE_SIZE),
    countExchangeCards(db),
    pendingExchangeOrders(db, memberId),
  ]);
  return { cards, total, pending, perPage: EXCHANGE_PAGE_SIZE };
}

/**
 * `/check`: the member's mail address is confirmed (issue 19 §2), the card is listed and in stock and the member
 * holds its price (no write; /exchange re-checks all).
 */
export async function checkExchange(ctx: AppContext, memberId: number, cardId: number) {
  await requireConfirmedMail(ctx.db.pool, memberId);
  const card = await findExchangeCard(ctx.db.pool, cardId);
  if (!card) throw notFound();
  if (card.stock_left <= 0) throw soldOut();
  const member = await findMemberById(ctx.db.pool, memberId);
  const balance = Number(member?.point_balance ?? 0);
  if (balance < card.price) throw insufficientPoints();
  return { card, pointBefore: balance, pointAfter: balance - card.price };
}

/**
 * `/exchange`: in one transaction, one of the card's stock is taken by a conditional UPDATE (never oversold, see
 * takeExchangeStock), the order is recorded and its price spent in points (ledger row 'exchange'). A sold-out card
 * or a short balance rolls everything back. A repeated request key answers the first exchange (double submit).
 */
export async function exchangeCard(
  ctx: AppContext,
  memberId: number,
  cardId: number,
  requestKey: string,
): Promise<{ order: ExchangeOrderRow; card: ExchangeCardRow; balance: number }> {
  const now = ctx.clock.now();
  if (await findExchangeOrderByKey(ctx.db.pool, memberId, requestKey)) {
    return repeatedExchange(ctx, memberId, requestKey);
  }
  const done = await withTransaction(ctx.db, async (tx) => {
    await requireConfirmedMail(tx, memberId);
    const card = await takeExchangeStock(tx, cardId);
    if (!card) {
      if (!(await findExchangeCard(tx, cardId))) throw notFound();
      throw soldOut();
    }
    const orderId = await insertExchangeOrder(tx, { memberId, cardId, price: card.price, requestKey, now });
    if (orderId === null) throw new RollbackRepeat(); // the first submit committed: undo this stock take
    const { balance } = await spendPoints(tx, {
      memberId,
      amount: card.price,
      reason: 'exchange',
      refType: 'exchange_order',
      refId: orderId,
      memo: card.name,
      now,
    });
    const order = (await findExchangeOrderByKey(tx, memberId, requestKey))!;
    return { order, card, balance };
  }).catch((err: unknown) => {
    if (err instanceof RollbackRepeat) return null;
    throw err;
  });
  if (done) return done;
  return repeatedExchange(ctx, memberId, requestKey);
}

/** The first exchange made with this request key, as a repeat answers it. */
async function repeatedExchange(ctx: AppContext, memberId: number, requestKey: string) {
  const order = await findExchangeOrderByKey(ctx.db.pool, memberId, requestKey);
  if (!order) throw notFound();
  const card = (await findExchangeCard(ctx.db.pool, order.exchange_card_id))!;
  const member = await findMemberById(ctx.db.pool, memberId);
  return { order, card, balance: Number(member?.point_balance ?? 0) };
}

export type ExchangeDecision = { result: '1'; returnedPoint: number } | { result: '0' } | { result: '-1' };

/**
 * Ship or convert an exchanged card, like a drawn card (decision.ts): shipping snapshots the address and joins the
 * member's parcel (none: '0', nothing changes); converting grants its convert_point as free points; a decided order answers '-1'.
 */
export async function decideExchange(
  ctx: AppContext,
  memberId: number,
  orderId: number,
  action: 'ship' | 'convert',
): Promise<ExchangeDecision> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx: PoolClient) => {
    const order = await lockExchangeOrder(tx, orderId, memberId);
    if (!order) throw AppError.validation('exchange_id', 'exchangeUndecided', 'exchange_order_not_found');
    if (order.status !== 'pending') return { result: '-1' };
    const card = (await findExchangeCard(tx, order.exchange_card_id))!;
    if (action === 'ship') {
      const address = await memberAddress(tx, memberId);
      if (!address) return { result: '0' };
      // The card becomes a line of the member's parcel to this address, like a drawn card (ADR 0027).
      const shipmentId = await joinShipment(tx, memberId, null, address, now);
      await markExchangeShipped(tx, order.id, address, shipmentId, now);
      return { result: '1', returnedPoint: 0 };
    }
    if (card.no_reduction) throw AppError.validation('action', 'exchangeNoReduction', 'no_reduction');
    await convertExchange(tx, memberId, order.id, card, now, 'exchange_conversion');
    return { result: '1', returnedPoint: card.convert_point };
  });
}

/** Converts an exchanged card to its convert_point (a free lot, one ledger row) and marks the order converted. */
export async function convertExchange(
  tx: PoolClient,
  memberId: number,
  orderId: number,
  card: { convert_point: number; name: string },
  now: Date,
  reason: 'exchange_conversion' | 'exchange_auto_conversion',
): Promise<void> {
  await markExchangeConverted(tx, orderId, card.convert_point, now);
  if (card.convert_point > 0) {
    await grantPoints(tx, {
      memberId,
      amount: card.convert_point,
      kind: 'free',
      reason,
      refType: 'exchange_order',
      refId: orderId,
      memo: card.name,
      now,
    });
  }
}
