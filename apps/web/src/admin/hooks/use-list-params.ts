import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/** A list's state in the address (so reload, back and a shared link keep the page, sort and filters). */
export interface ListParams {
  page: number;
  per_page: number;
  sort: string;
  dir: 'asc' | 'desc';
  /** The list's own filters, by name. */
  filters: Record<string, string>;
}

/**
 * Page, page size, sort and the named filters of a server-side list, read from and written to the query string.
 * Changing a filter or the sort goes back to page 1.
 */
export function useListParams(
  defaults: { sort: string; dir?: 'asc' | 'desc'; perPage?: number },
  filterNames: string[],
) {
  const [search, setSearch] = useSearchParams();
  const params = useMemo<ListParams>(() => {
    const page = Number(search.get('page') ?? 1);
    const perPage = Number(search.get('per_page') ?? defaults.perPage ?? 20);
    const dir = search.get('dir');
    return {
      page: Number.isInteger(page) && page >= 1 ? page : 1,
      per_page: [10, 20, 50, 100].includes(perPage) ? perPage : 20,
      sort: search.get('sort') ?? defaults.sort,
      dir: dir === 'asc' || dir === 'desc' ? dir : (defaults.dir ?? 'desc'),
      filters: Object.fromEntries(filterNames.map((n) => [n, search.get(n) ?? ''])),
    };
    // filterNames is a literal list per page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search, defaults.sort, defaults.dir, defaults.perPage]);

  const update = useCallback(
    (change: Partial<Omit<ListParams, 'filters'>> & { filters?: Record<string, string> }) => {
      setSearch(
        (prev) => {
          const next = new URLSearchParams(prev);
          const resetPage = change.filters !== undefined || change.sort !== undefined || change.per_page !== undefined;
          for (const [k, v] of Object.entries(change.filters ?? {})) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          for (const k of ['per_page', 'sort', 'dir'] as const)
            if (change[k] !== undefined) next.set(k, String(change[k]));
          if (change.page !== undefined) next.set('page', String(change.page));
          else if (resetPage) next.delete('page');
          return next;
        },
        { replace: false },
      );
    },
    [setSearch],
  );

  /** The query of the list call: page, size, sort and the filters. */
  const query = useMemo(
    () => ({ page: params.page, per_page: params.per_page, sort: params.sort, dir: params.dir, ...params.filters }),
    [params],
  );
  return { params, update, query };
}
