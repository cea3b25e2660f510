import type { CardInput } from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { notFound } from '../../../app-error.ts';
import {
  CARD_SORTS,
  findMasterCard,
  insertMasterCard,
  listMasterCards,
  updateMasterCard,
  type CardQuery,
  type CardSort,
  type MasterCardRow,
  type MasterCardValues,
} from '../../../db/queries/admin-cards.ts';
import { withAudit } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

export const CARDS_PER_PAGE = 50;
/** The sort keys the card list takes (the console's table asks by these). */
export const CARD_SORT_KEYS = Object.keys(CARD_SORTS) as [CardSort, ...CardSort[]];

const values = (input: CardInput): MasterCardValues => ({
  card_type: input.card_type,
  name_ja: input.name_ja,
  name_en: input.name_en,
  rarity: input.rarity,
  model_number: input.model_number,
  buy_point: input.buy_point,
  no_reduction: input.no_reduction,
  image_url: input.image_url,
});

export function listCards(ctx: AppContext, q: CardQuery) {
  return listMasterCards(ctx.db.pool, q);
}

export async function getCard(ctx: AppContext, id: number): Promise<MasterCardRow> {
  const row = await findMasterCard(ctx.db.pool, id);
  if (!row) throw notFound();
  return row;
}

/** A new master card (audited); answers it. */
export async function createCard(ctx: AppContext, staff: StaffIdentity, input: CardInput): Promise<MasterCardRow> {
  const v = values(input);
  const id = await withAudit(ctx, staff, { action: 'card.create', targetType: 'card', targetId: null }, async (tx) => {
    const newId = await insertMasterCard(tx, v, ctx.clock.now());
    return { before: null, after: { id: newId, ...v }, result: newId };
  });
  return getCard(ctx, id);
}

/**
 * Changes a master card (audited). Packs already published keep the copy they were published with; the change
 * shows in drafts and in packs published from now on.
 */
export async function updateCard(
  ctx: AppContext,
  staff: StaffIdentity,
  id: number,
  input: CardInput,
): Promise<MasterCardRow> {
  const v = values(input);
  await withAudit(ctx, staff, { action: 'card.update', targetType: 'card', targetId: id }, async (tx) => {
    const before = await updateMasterCard(tx, id, v, ctx.clock.now());
    if (!before) throw notFound();
    return { before, after: { id, ...v }, result: null };
  });
  return getCard(ctx, id);
}
