import type { AppContext } from '../../context.ts';
import type { CardRow } from './pack-rows.ts';

/**
 * A pack's lineup never changes once its tickets are fixed (the shuffle depends on it), so each server process
 * keeps it in memory: a purchase reply is then built from the claim statement alone, without another query.
 * Keyed by context, so test shops on separate databases never share entries.
 */
const caches = new WeakMap<AppContext, Map<number, Promise<Map<number, CardRow>>>>();

export function lineupById(ctx: AppContext, packId: number): Promise<Map<number, CardRow>> {
  let cache = caches.get(ctx);
  if (!cache) caches.set(ctx, (cache = new Map()));
  let entry = cache.get(packId);
  if (!entry) {
    entry = ctx.db.pool
      .query<CardRow>('SELECT * FROM pack_cards WHERE pack_id = $1', [packId])
      .then(({ rows }) => new Map(rows.map((r) => [Number(r.id), r])));
    entry.catch(() => cache.delete(packId));
    cache.set(packId, entry);
  }
  return entry;
}
