import { pageObject, type PackListQuery, type PageObject } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { countListedPacks, listPacksSorted } from '../../db/queries/pack-list.ts';
import { PACKS_PER_PAGE, withRemaining, type ListedPack } from './pack-catalog.ts';

/**
 * /pack-list?index={type}&page&sort&filter: one card type's packs sorted and filtered by the database before
 * paging (issue 13), so every page follows one order and the page count is that of the filtered list.
 */
export async function listPacksOfTypeSorted(
  ctx: AppContext,
  cardType: number,
  page: number,
  q: PackListQuery,
): Promise<{ listed: ListedPack[]; page: PageObject }> {
  const now = ctx.clock.now();
  const pager = pageObject(page, await countListedPacks(ctx.db.pool, cardType, now, q.filter), PACKS_PER_PAGE);
  const rows = await listPacksSorted(ctx.db.pool, cardType, now, q, PACKS_PER_PAGE, (pager.page - 1) * PACKS_PER_PAGE);
  return { listed: await withRemaining(ctx, rows), page: pager };
}
