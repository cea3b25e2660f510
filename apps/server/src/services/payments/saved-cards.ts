import { PAY_ID, type SavedCard } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../app-error.ts';
import {
  deleteSavedCard as deleteSavedCardRow,
  findSavedCardByFingerprint,
  insertSavedCard,
  listSavedCards as listSavedCardRows,
} from '../../db/queries/saved-cards.ts';
import { GatewayInputError, type SavedCardRef } from './gateways/gateway.ts';
import { gatewayFor } from './gateways/routes.ts';

/** The provider that takes cards (routing per method, ADR 0042). */
const cardGateway = (ctx: AppContext) => gatewayFor(ctx.gateway, PAY_ID.card);

/** Saved cards hold only the provider's reusable reference and a masked number (the gateway in use only). */
export async function listSavedCards(ctx: AppContext, memberId: number): Promise<SavedCard[]> {
  const rows = await listSavedCardRows(ctx.db.pool, memberId, cardGateway(ctx).name);
  return rows.map((r) => ({ id: Number(r.id), card: r.masked, brand: r.brand, expire: r.expire }));
}

/** Exchanges a one-time token for a reusable card and keeps it; the same card twice is refused. */
export async function saveCardForMember(
  ctx: AppContext,
  memberId: number,
  token: string,
  onDuplicate: 'fail' | 'reuse' = 'fail',
): Promise<SavedCardRef & { id: number }> {
  const gw = cardGateway(ctx);
  let ref: SavedCardRef;
  try {
    ref = await gw.saveCard(token, memberId);
  } catch (err) {
    if (err instanceof GatewayInputError) throw AppError.validation('token', 'cardSaveFailed', 'card_token');
    throw err;
  }
  const id = await insertSavedCard(ctx.db.pool, { memberId, gateway: gw.name, ...ref });
  if (id === null) {
    // Paying with "save this card" for a card already kept: pay with the kept one instead.
    const kept = await findSavedCardByFingerprint(ctx.db.pool, memberId, ref.fingerprint);
    if (onDuplicate === 'fail' || !kept) throw AppError.validation('token', 'cardSaveFailed', 'card_already_saved');
    return { ...ref, providerRef: kept.provider_ref, id: Number(kept.id) };
  }
  return { ...ref, id };
}

export async function deleteSavedCard(ctx: AppContext, memberId: number, cardId: number): Promise<void> {
  if (!(await deleteSavedCardRow(ctx.db.pool, memberId, cardId, ctx.clock.now())))
    throw AppError.validation('card_index', 'cardDeleteFailed', 'saved_card_not_found');
}
