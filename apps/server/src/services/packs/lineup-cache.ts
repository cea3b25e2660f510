import type { AppContext } from '../../context.ts';
import { packCards, type CardRow } from '../../db/queries/packs.ts';

/**
 * A pack's lineup never changes once its tickets are fixed (the shuffle depends on it), so each server process
 * keeps it in memory: a purchase reply is then built from the claim statement alone, without another query.
 * Kept on the context (ctx.packs), so test shops on separate databases never share entries.
 */
export function lineupById(ctx: AppContext, packId: number): Promise<Map<number, CardRow>> {
  return ctx.packs.lineups.get(packId, () =>
    packCards(ctx.db.pool, packId).then((rows) => new Map(rows.map((r) => [Number(r.id), r]))),
  );
}
