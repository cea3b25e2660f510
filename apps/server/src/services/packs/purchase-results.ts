import type { AppContext } from '../../context.ts';
import { notFound } from '../../app-error.ts';
import type { PackRow } from '../../db/queries/packs.ts';
import { drawnCards, type DrawnRow } from '../../db/queries/purchase-cards.ts';
import { findMemberPurchase, latestMemberPurchase, latestUndecidedPurchase } from '../../db/queries/purchases.ts';

export interface PurchaseView {
  purchaseId: number;
  pack: PackRow;
  createdAt: Date;
  count: number;
  price: number;
  currency: 'point' | 'coin';
  cards: DrawnRow[];
}

export function loadDrawnCards(ctx: AppContext, purchaseId: number, pendingOnly: boolean): Promise<DrawnRow[]> {
  return drawnCards(ctx.db.pool, purchaseId, pendingOnly);
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
      ? await findMemberPurchase(ctx.db.pool, memberId, purchaseId)
      : await latestUndecidedPurchase(ctx.db.pool, memberId);
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
  return latestMemberPurchase(ctx.db.pool, memberId);
}
