import { pageObject, type PageObject } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../app-error.ts';
import { shipmentEvents, type ShipmentEventRow } from '../../db/queries/admin-shipments.ts';
import type { DrawnRow } from '../../db/queries/purchase-cards.ts';
import {
  countHistory,
  findHistoryRow,
  listHistory as selectHistory,
  type HistoryMode,
  type HistoryRow,
} from '../../db/queries/purchase-history.ts';
import { exchangeCardOfOrder, type ExchangeCardRow } from '../../db/queries/exchange.ts';
import { loadDrawnCards } from './purchase-results.ts';

export const HISTORY_PER_PAGE = 10;

export async function listHistory(
  ctx: AppContext,
  memberId: number,
  mode: HistoryMode,
  page: number,
): Promise<{ rows: HistoryRow[]; page: PageObject }> {
  const pager = pageObject(page, await countHistory(ctx.db.pool, memberId, mode), HISTORY_PER_PAGE);
  const rows = await selectHistory(ctx.db.pool, memberId, mode, HISTORY_PER_PAGE, (pager.page - 1) * HISTORY_PER_PAGE);
  return { rows, page: pager };
}

export interface HistoryDetail {
  row: HistoryRow;
  cards: DrawnRow[];
  events: ShipmentEventRow[];
  /** The exchanged card of an 'exchange' row. */
  exchangeCard?: ExchangeCardRow;
}

/** One purchase (kind 'pack') or exchanged card (kind 'exchange') of the member, with its parcel's timeline. */
export async function loadHistoryDetail(
  ctx: AppContext,
  memberId: number,
  id: number,
  kind: HistoryRow['kind'] = 'pack',
): Promise<HistoryDetail> {
  const db = ctx.db.pool;
  const row = await findHistoryRow(db, memberId, id, kind);
  if (!row) throw notFound();
  const events = row.shipment_id === null ? [] : await shipmentEvents(db, Number(row.shipment_id));
  if (kind === 'exchange') return { row, cards: [], events, exchangeCard: (await exchangeCardOfOrder(db, id))! };
  return { row, cards: await loadDrawnCards(ctx, id, false), events };
}
