import type { AdminPackSummary } from '@oripa/core/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOk } from '../../../api/client';
import { fetchPacks } from '../../api/catalogue';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { useListParams } from '../../hooks/use-list-params';
import { StatusBadge } from './StatusBadge';
import '../cards/catalogue.css';

const FILTERS = ['q', 'status'];
const STATUSES = ['draft', 'scheduled', 'on_sale', 'sold_out', 'closed'] as const;

/** /admin/packs (operator): drafts and published packs with their sales, filtered by status. */
export function PacksPage() {
  const { t, i18n } = useTranslation('admin-catalogue');
  const { params, update, query } = useListParams({ sort: 'id', dir: 'desc' }, FILTERS);
  const list = useQuery({
    queryKey: ['admin', 'packs', query],
    queryFn: () => fetchPacks(query),
    placeholderData: keepPreviousData,
  });
  const ok = isOk(list.data) ? list.data : undefined;
  const en = i18n.language === 'en';
  const columns = useMemo<ColumnDef<AdminPackSummary, unknown>[]>(
    () => [
      {
        id: 'image',
        header: t('image'),
        cell: ({ row }) =>
          row.original.image ? (
            <img className="a-thumb" src={row.original.image} alt="" width={44} height={44} />
          ) : null,
      },
      { id: 'id', header: t('id'), accessorKey: 'id', enableSorting: true },
      {
        id: 'name',
        header: t('name'),
        cell: ({ row }) => (
          <Link to={`/admin/packs/${row.original.id}`}>
            {en ? row.original.name_en || row.original.name_ja : row.original.name_ja}
          </Link>
        ),
      },
      { id: 'status', header: t('status'), cell: ({ row }) => <StatusBadge status={row.original.status} /> },
      {
        id: 'point',
        header: t('price'),
        enableSorting: true,
        accessorFn: (r) => `${r.point.toLocaleString()} ${t(`currencies.${r.payment_method}`)}`,
      },
      {
        id: 'sold',
        header: t('stock'),
        enableSorting: true,
        accessorFn: (r) => `${r.sold.toLocaleString()} / ${r.total.toLocaleString()}`,
      },
      {
        id: 'start_date',
        header: t('sale'),
        enableSorting: true,
        accessorFn: (r) => `${r.start_date ?? '—'} 〜 ${r.end_date ?? ''}`,
      },
    ],
    [t, en],
  );
  return (
    <>
      <div className="a-row" style={{ justifyContent: 'space-between' }}>
        <h1>{t('packs')}</h1>
        <Link className="a-primary a-button-link" to="/admin/packs/new">
          {t('newPack')}
        </Link>
      </div>
      <PackFilters
        key={JSON.stringify(params.filters)}
        initial={params.filters}
        onApply={(filters) => update({ filters })}
      />
      <DataTable
        caption={t('packs')}
        columns={columns}
        rows={ok?.rows}
        total={ok?.total}
        params={params}
        onChange={update}
        loading={list.isFetching}
        getRowId={(r) => String(r.id)}
      />
    </>
  );
}

function PackFilters({
  initial,
  onApply,
}: {
  initial: Record<string, string>;
  onApply: (f: Record<string, string>) => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const id = useId();
  const [f, setF] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form className="a-filters" role="search" aria-label={t('searchPacks')} onSubmit={submit}>
      <div className="a-field">
        <label htmlFor={`${id}-q`}>{t('searchPacks')}</label>
        <input id={`${id}-q`} type="search" value={f.q ?? ''} onChange={(e) => setF({ ...f, q: e.target.value })} />
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-status`}>{t('status')}</label>
        <select id={`${id}-status`} value={f.status ?? ''} onChange={(e) => setF({ ...f, status: e.target.value })}>
          <option value="">{t('all')}</option>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">{t('apply')}</button>
    </form>
  );
}
