import type { ListPage } from '@oripa/core/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isOk, type Reply } from '../../api/client';
import { useListParams } from './use-list-params';

type ListQuery = Record<string, string | number | undefined>;

/**
 * A server-side list in one call: its state in the address (useListParams), the page fetched with the previous one
 * kept while the next loads, and the props DataTable takes (`<DataTable caption columns {...list.table} />`).
 * `refused` is the reply when the server refused the query (a bad filter), for a message.
 */
export function useServerList<T, Extra = object>(
  key: readonly unknown[],
  fetchPage: (query: ListQuery) => Promise<Reply<ListPage<T> & Extra>>,
  defaults: { sort: string; dir?: 'asc' | 'desc'; perPage?: number },
  filterNames: string[] = [],
) {
  const { params, update, query } = useListParams(defaults, filterNames);
  const list = useQuery({
    queryKey: [...key, query],
    queryFn: () => fetchPage(query),
    placeholderData: keepPreviousData,
  });
  const data = isOk(list.data) ? list.data : undefined;
  const refused = list.data && !isOk(list.data) ? list.data : undefined;
  return {
    params,
    update,
    query,
    data,
    refused,
    table: { rows: data?.rows, total: data?.total, params, onChange: update, loading: list.isFetching },
  };
}
