import type { ListPage } from '@oripa/core/admin';
import { apiGet, type Reply } from '../../api/client';

/** The query string of a list call: empty values are left out. */
export function listQuery(params: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** GETs one page of a server-side paged list (the DataTable's data). */
export const fetchList = <T, Extra = object>(path: string, params: Record<string, string | number | undefined>) =>
  apiGet<Reply<ListPage<T> & Extra>>(`${path}${listQuery(params)}`);
