import type { PackSummary } from '@oripa/core';

/** The pack list's sort and filter (issue 13): newest, cheapest or most left; on sale, coming soon or sold out. */
export const PACK_SORTS = ['new', 'price', 'remaining'] as const;
export const PACK_FILTERS = ['all', 'onSale', 'soon', 'soldOut'] as const;
export type PackSort = (typeof PACK_SORTS)[number];
export type PackFilter = (typeof PACK_FILTERS)[number];

export const parseSort = (raw: string | null): PackSort =>
  (PACK_SORTS as readonly string[]).includes(raw ?? '') ? (raw as PackSort) : 'new';
export const parseFilter = (raw: string | null): PackFilter =>
  (PACK_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as PackFilter) : 'all';

type Listed = Pick<PackSummary, 'id' | 'point' | 'pack_count' | 'is_before' | 'start_date'>;

export function packState(p: Listed): Exclude<PackFilter, 'all'> {
  if (p.pack_count <= 0) return 'soldOut';
  return p.is_before === '1' ? 'soon' : 'onSale';
}

export function sortAndFilter<T extends Listed>(list: readonly T[], sort: PackSort, filter: PackFilter): T[] {
  const kept = filter === 'all' ? [...list] : list.filter((p) => packState(p) === filter);
  const newest = (a: T, b: T) => b.start_date.localeCompare(a.start_date) || b.id - a.id;
  return kept.sort(
    sort === 'price'
      ? (a, b) => a.point - b.point || newest(a, b)
      : sort === 'remaining'
        ? (a, b) => b.pack_count - a.pack_count || newest(a, b)
        : newest,
  );
}
