import { PACK_FILTERS, PACK_SORTS, type PackFilter, type PackSort } from '@oripa/core';

/**
 * The pack list's sort and filter as the address carries them (?sort=&filter=, issue 13). The server sorts and
 * filters the whole card type before paging (core pack-list-order.ts); an unknown value reads as the default.
 */
export { PACK_FILTERS, PACK_SORTS, type PackFilter, type PackSort };

export const parseSort = (raw: string | null): PackSort =>
  (PACK_SORTS as readonly string[]).includes(raw ?? '') ? (raw as PackSort) : 'new';
export const parseFilter = (raw: string | null): PackFilter =>
  (PACK_FILTERS as readonly string[]).includes(raw ?? '') ? (raw as PackFilter) : 'all';

/** The list API's query for a sort and filter: the defaults are left out, as the address leaves them out. */
export function listQuery(sort: PackSort, filter: PackFilter): string {
  const q = new URLSearchParams({ ...(sort !== 'new' ? { sort } : {}), ...(filter !== 'all' ? { filter } : {}) });
  const s = q.toString();
  return s ? `?${s}` : '';
}
