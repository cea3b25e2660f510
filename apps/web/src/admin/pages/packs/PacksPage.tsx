import type { AdminPackSummary } from '@oripa/core/admin';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchPacks } from '../../api/catalogue';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { FilterForm } from '../../components/FilterForm';
import { useServerList } from '../../hooks/use-server-list';
import { StatusBadge } from './StatusBadge';
import '../cards/catalogue.css';

const FILTERS = ['q', 'status'];
const STATUSES = ['draft', 'scheduled', 'on_sale', 'sold_out', 'closed'] as const;

/** /admin/packs (operator): drafts and published packs with their sales, filtered by status. */
export function PacksPage() {
  const { t, i18n } = useTranslation('admin-catalogue');
  const list = useServerList(['admin', 'packs'], fetchPacks, { sort: 'id', dir: 'desc' }, FILTERS);
  const { params, update } = list;
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
      <FilterForm
        label={t('searchPacks')}
        fields={[
          { name: 'q', kind: 'search', label: t('searchPacks') },
          {
            name: 'status',
            kind: 'select',
            label: t('status'),
            all: t('all'),
            options: STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) })),
          },
        ]}
        initial={params.filters}
        onApply={(filters) => update({ filters })}
      />
      <DataTable caption={t('packs')} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
    </>
  );
}
