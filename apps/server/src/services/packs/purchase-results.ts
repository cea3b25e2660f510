import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/app-error.ts';
import { PACK_COLUMNS, type DrawnRow, type PackRow } from './pack-rows.ts';

export interface PurchaseView {
  purchaseId: number;
  pack: PackRow;
  createdAt: Date;
  count: number;
  price: number;
  currency: 'point' | 'coin';
  cards: DrawnRow[];
}

const DRAWN_COLUMNS = `d.id AS history_id, d.purchase_id, d.ticket_no, d.status, d.pack_card_id, d.returned_point,
  c.rank, c.name, c.image_url, c.set_count, c.model_number, c.rarity, c.buy_point, c.no_reduction, c.movie_url`;

export async function loadDrawnCards(ctx: AppContext, purchaseId: number, pendingOnly: boolean): Promise<DrawnRow[]> {
  const { rows } = await ctx.db.pool.query<DrawnRow>(
    `SELECT ${DRAWN_COLUMNS} FROM purchase_cards d JOIN pack_cards c ON c.id = d.pack_card_id
     WHERE d.purchase_id = $1 AND ($2::boolean IS FALSE OR d.status = 'pending') ORDER BY d.id`,
    [purchaseId, pendingOnly],
  );
  return rows;
}

async function loadPurchaseRow(ctx: AppContext, memberId: number, where: string, params: unknown[]) {
  const { rows } = await ctx.db.pool.query<
    PackRow & { purchase_id: number; created: Date; count: number; price: number; currency: 'point' | 'coin' }
  >(
    `SELECT ${PACK_COLUMNS}, b.id AS purchase_id, b.created_at AS created, b.count, b.price, b.currency
     FROM purchases b JOIN packs p ON p.id = b.pack_id WHERE b.member_id = $1 AND ${where}
     ORDER BY b.id DESC LIMIT 1`,
    [memberId, ...params],
  );
  return rows[0] ?? null;
}

/**
 * One purchase of this member with its cards. Without an id: the latest purchase that still has cards to
 * decide (what the reveal and the card-choice screen show), listing only those pending cards.
 */
export async function loadPurchaseView(
  ctx: AppContext,
  memberId: number,
  purchaseId: number | null,
): Promise<PurchaseView | null> {
  const row =
    purchaseId !== null
      ? await loadPurchaseRow(ctx, memberId, 'b.id = $2', [purchaseId])
      : await loadPurchaseRow(
          ctx,
          memberId,
          `EXISTS (SELECT 1 FROM purchase_cards d WHERE d.purchase_id = b.id AND d.status = 'pending')`,
          [],
        );
  if (!row) {
    if (purchaseId !== null) throw notFound();
    return null;
  }
  const id = Number(row.purchase_id);
  return {
    purchaseId: id,
    pack: row,
    createdAt: row.created,
    count: row.count,
    price: Number(row.price),
    currency: row.currency,
    cards: await loadDrawnCards(ctx, id, purchaseId === null),
  };
}

/** The member's latest purchase of any kind (conversion tracking after the reveal). */
export async function latestPurchase(ctx: AppContext, memberId: number) {
  return loadPurchaseRow(ctx, memberId, 'true', []);
}
