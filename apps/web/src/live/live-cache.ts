import type { LivePackStock, PackDetail, PackSummary } from '@oripa/core';
import type { QueryClient } from '@tanstack/react-query';

type WithList = { list?: PackSummary[] };
type WithDetail = { detail?: PackDetail };

/** A pack with the stock heard live; the same object when nothing changed (React Query then re-renders nothing). */
function withStock<T extends PackSummary>(pack: T, stock: Map<number, LivePackStock>): T {
  const s = stock.get(pack.id);
  if (!s || s.remaining === pack.pack_count) return pack;
  return { ...pack, pack_count: s.remaining };
}

/**
 * Writes live stock into the pack lists and pack pages the page already holds (TanStack Query's cache), so the
 * stock bars, counts and 'sold out' the components draw from those replies move without a request. A pack page
 * takes the per-rank counts too. Stock only goes down: a live figure above the held one (an event that arrived
 * before a fresher reply) is kept out.
 */
export function applyLiveStock(client: QueryClient, packs: LivePackStock[]): void {
  if (packs.length === 0) return;
  const stock = new Map(packs.map((p) => [p.id, p]));
  client.setQueriesData<WithList>({ queryKey: ['packs', 'list'] }, (r) => listWith(r, stock));
  client.setQueriesData<WithList>({ queryKey: ['packs', 'all_list'] }, (r) => listWith(r, stock));
  for (const p of packs) {
    client.setQueryData<WithDetail>(['packs', 'detail', p.id], (r) => {
      if (!r?.detail || p.remaining > r.detail.pack_count) return r;
      return { ...r, detail: { ...r.detail, pack_count: p.remaining, remaining_by_rank: { ...p.ranks } } };
    });
  }
}

function listWith(r: WithList | undefined, stock: Map<number, LivePackStock>): WithList | undefined {
  if (!r?.list) return r;
  let changed = false;
  const list = r.list.map((p) => {
    const s = stock.get(p.id);
    if (s && s.remaining > p.pack_count) return p;
    const next = withStock(p, stock);
    if (next !== p) changed = true;
    return next;
  });
  return changed ? { ...r, list } : r;
}
