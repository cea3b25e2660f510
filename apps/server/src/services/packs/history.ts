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

export async function loadHistoryDetail(
  ctx: AppContext,
  memberId: number,
  purchaseId: number,
): Promise<{ row: HistoryRow; cards: DrawnRow[]; events: ShipmentEventRow[] }> {
  const row = await findHistoryRow(ctx.db.pool, memberId, purchaseId);
  if (!row) throw notFound();
  const events = row.shipment_id === null ? [] : await shipmentEvents(ctx.db.pool, Number(row.shipment_id));
  return { row, cards: await loadDrawnCards(ctx, purchaseId, false), events };
}
