import { pageObject, type PageObject } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import type { DrawnRow } from './pack-rows.ts';
import { loadDrawnCards } from './purchase-results.ts';

export const HISTORY_PER_PAGE = 10;

export interface HistoryRow {
  id: number;
  created_at: Date;
  name_ja: string;
  name_en: string;
  price: number;
  pending: number;
  shipped: number;
  converted: number;
  reduction_point: number;
  shipment_status: 'preparing' | 'shipped' | null;
  delivery_code: string | null;
}

const HISTORY_SELECT = `
  SELECT b.id, b.created_at, p.name_ja, p.name_en, b.price,
    s.pending, s.shipped, s.converted, s.reduction_point, sh.status AS shipment_status, sh.delivery_code
  FROM purchases b JOIN packs p ON p.id = b.pack_id
  CROSS JOIN LATERAL (
    SELECT count(*) FILTER (WHERE d.status = 'pending')::int AS pending,
      count(*) FILTER (WHERE d.status = 'ship')::int AS shipped,
      count(*) FILTER (WHERE d.status = 'convert')::int AS converted,
      COALESCE(sum(d.returned_point), 0)::int AS reduction_point
    FROM purchase_cards d WHERE d.purchase_id = b.id) s
  LEFT JOIN LATERAL (
    SELECT status, delivery_code FROM shipments WHERE purchase_id = b.id ORDER BY id DESC LIMIT 1) sh ON true`;

/** mode '0' every purchase, '1' decided ones (shipped and/or converted), '2' those still to choose. */
const MODE_FILTER = {
  '0': 'true',
  '1': 's.pending = 0',
  '2': 's.pending > 0',
} as const;

export async function listHistory(
  ctx: AppContext,
  memberId: number,
  mode: keyof typeof MODE_FILTER,
  page: number,
): Promise<{ rows: HistoryRow[]; page: PageObject }> {
  const base = `${HISTORY_SELECT} WHERE b.member_id = $1`;
  const { rows: c } = await ctx.db.pool.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (${base}) x WHERE ${MODE_FILTER[mode].replaceAll('s.', 'x.')}`,
    [memberId],
  );
  const pager = pageObject(page, c[0]!.n, HISTORY_PER_PAGE);
  const { rows } = await ctx.db.pool.query<HistoryRow>(
    `${base} AND ${MODE_FILTER[mode]} ORDER BY b.id DESC LIMIT $2 OFFSET $3`,
    [memberId, HISTORY_PER_PAGE, (pager.page - 1) * HISTORY_PER_PAGE],
  );
  return { rows, page: pager };
}

export async function loadHistoryDetail(
  ctx: AppContext,
  memberId: number,
  purchaseId: number,
): Promise<{ row: HistoryRow; cards: DrawnRow[] }> {
  const { rows } = await ctx.db.pool.query<HistoryRow>(`${HISTORY_SELECT} WHERE b.member_id = $1 AND b.id = $2`, [
    memberId,
    purchaseId,
  ]);
  if (!rows[0]) throw notFound();
  return { row: rows[0], cards: await loadDrawnCards(ctx, purchaseId, false) };
}
