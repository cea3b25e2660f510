import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type SortingState } from '@tanstack/react-table';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListParams } from '../hooks/use-list-params';
import styles from './DataTable.module.css';

export type { ColumnDef } from '@tanstack/react-table';

export interface DataTableProps<T> {
  /** What the table lists, for screen readers (the caption). */
  caption: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[] | undefined;
  total: number | undefined;
  /** The list's state (hooks/use-list-params.ts) and how to change it; sorting, paging and filters are the server's. */
  params: ListParams;
  onChange: (change: Partial<Omit<ListParams, 'filters'>>) => void;
  loading?: boolean;
  /** A message when the server refused the query (a bad filter). */
  error?: string;
  getRowId?: (row: T) => string;
}

/**
 * The console's list table (TanStack Table): server-side paging, sorting and filtering. A column sorts when its
 * `id` is one of the server's sort keys and `enableSorting` is not false; give such columns an explicit `id`.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  total,
  params,
  onChange,
  loading,
  error,
  getRowId,
}: DataTableProps<T>) {
  const { t } = useTranslation('admin-common');
  const sizeId = useId();
  const sorting: SortingState = [{ id: params.sort, desc: params.dir === 'desc' }];
  const pageCount = Math.max(1, Math.ceil((total ?? 0) / params.per_page));
  const table = useReactTable({
    data: rows ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    enableSortingRemoval: false,
    pageCount,
    state: { sorting, pagination: { pageIndex: params.page - 1, pageSize: params.per_page } },
    onSortingChange: (updater) => {
      const next = typeof updater === 'function' ? updater(sorting) : updater;
      const first = next[0];
      if (first) onChange({ sort: first.id, dir: first.desc ? 'desc' : 'asc' });
    },
    ...(getRowId ? { getRowId } : {}),
  });

  const from = total ? (params.page - 1) * params.per_page + 1 : 0;
  const to = Math.min(total ?? 0, params.page * params.per_page);
  return (
    <div className={styles.wrap}>
      <div className={styles.scroll}>
        <table className={styles.table} aria-busy={loading || undefined}>
          <caption className={styles.caption}>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sortable = header.column.getCanSort() && header.column.columnDef.enableSorting === true;
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {sortable ? (
                        <button type="button" className={styles.sort} onClick={header.column.getToggleSortingHandler()}>
                          {label}
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        label
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getVisibleCells().map((cell) => (
                  <td
                    key={cell.id}
                    data-label={
                      typeof cell.column.columnDef.header === 'string' ? cell.column.columnDef.header : undefined
                    }
                  >
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {error ? (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        ) : !loading && rows && rows.length === 0 ? (
          <p className={styles.empty}>{t('table.empty')}</p>
        ) : null}
        {loading && !rows ? <p className={styles.empty}>{t('loading')}</p> : null}
      </div>
      <div className={styles.pager}>
        <span aria-live="polite">{t('table.range', { from, to, total: total ?? 0 })}</span>
        <label htmlFor={sizeId} className={styles.size}>
          {t('table.perPage')}
          <select id={sizeId} value={params.per_page} onChange={(e) => onChange({ per_page: Number(e.target.value) })}>
            {[10, 20, 50, 100].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => onChange({ page: params.page - 1 })} disabled={params.page <= 1}>
          {t('table.prev')}
        </button>
        <span>{t('table.page', { page: params.page, pages: pageCount })}</span>
        <button type="button" onClick={() => onChange({ page: params.page + 1 })} disabled={params.page >= pageCount}>
          {t('table.next')}
        </button>
      </div>
    </div>
  );
}
