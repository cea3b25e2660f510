import type { SavedCard } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import type { Queryable } from './db.ts';
import { gatewayFor, GatewayInputError, type SavedCardRef } from './gateway.ts';

/** Saved cards hold only the provider's reusable reference and a masked number. */
export async function listSavedCards(db: Queryable, memberId: number, gateway: string): Promise<SavedCard[]> {
  const { rows } = await db.query<{ id: number; masked: string; brand: string; expire: string }>(
    `SELECT id, masked, brand, expire FROM saved_cards WHERE member_id = $1 AND gateway = $2 AND deleted_at IS NULL
     ORDER BY id`,
    [memberId, gateway],
  );
  return rows.map((r) => ({ id: Number(r.id), card: r.masked, brand: r.brand, expire: r.expire }));
}

export async function findSavedCardRef(
  db: Queryable,
  memberId: number,
  cardId: number,
  gateway: string,
): Promise<string | undefined> {
  const { rows } = await db.query<{ provider_ref: string }>(
    'SELECT provider_ref FROM saved_cards WHERE id = $1 AND member_id = $2 AND gateway = $3 AND deleted_at IS NULL',
    [cardId, memberId, gateway],
  );
  return rows[0]?.provider_ref;
}

/** Exchanges a one-time token for a reusable card and keeps it; the same card twice is refused. */
export async function saveCardForMember(
  ctx: AppContext,
  memberId: number,
  token: string,
  onDuplicate: 'fail' | 'reuse' = 'fail',
): Promise<SavedCardRef & { id: number }> {
  const gw = gatewayFor(ctx);
  let ref: SavedCardRef;
  try {
    ref = await gw.saveCard(token, memberId);
  } catch (err) {
    if (err instanceof GatewayInputError) throw AppError.validation('token', 'cardSaveFailed', 'card_token');
    throw err;
  }
  const { rows } = await ctx.db.pool.query<{ id: number }>(
    `INSERT INTO saved_cards (member_id, gateway, provider_ref, fingerprint, masked, brand, expire)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING RETURNING id`,
    [memberId, gw.name, ref.providerRef, ref.fingerprint, ref.masked, ref.brand, ref.expire],
  );
  if (!rows[0]) {
    // Paying with "save this card" for a card already kept: pay with the kept one instead.
    const kept = await ctx.db.pool.query<{ id: number; provider_ref: string }>(
      'SELECT id, provider_ref FROM saved_cards WHERE member_id = $1 AND fingerprint = $2 AND deleted_at IS NULL',
      [memberId, ref.fingerprint],
    );
    if (onDuplicate === 'fail' || !kept.rows[0])
      throw AppError.validation('token', 'cardSaveFailed', 'card_already_saved');
    return { ...ref, providerRef: kept.rows[0].provider_ref, id: Number(kept.rows[0].id) };
  }
  return { ...ref, id: Number(rows[0].id) };
}

export async function deleteSavedCard(ctx: AppContext, memberId: number, cardId: number): Promise<void> {
  const { rowCount } = await ctx.db.pool.query(
    'UPDATE saved_cards SET deleted_at = $3 WHERE id = $1 AND member_id = $2 AND deleted_at IS NULL',
    [cardId, memberId, ctx.clock.now()],
  );
  if (!rowCount) throw AppError.validation('card_index', 'cardDeleteFailed', 'saved_card_not_found');
}
