import { EXCHANGE_ORDER_STATUSES, type AdminExchangeOrderRow } from '@oripa/core/admin';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { firstError } from '../../../api/client';
import { fetchExchangeOrders } from '../../api/programmes';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { FilterForm } from '../../components/FilterForm';
import { useServerList } from '../../hooks/use-server-list';

const FILTERS = ['status', 'q'];

/** /admin/programmes/exchange-orders: the cards members took from the exchange, their decision and parcel. */
export function ExchangeOrdersPage() {
  const { t } = useTranslation('admin-programmes');
  const list = useServerList(['admin', 'programmes', 'exchange-orders'], fetchExchangeOrders, { sort: 'id' }, FILTERS);
  const columns = useMemo<ColumnDef<AdminExchangeOrderRow, unknown>[]>(
    () => [
      { id: 'id', header: t('orders.id'), accessorFn: (r) => `#${r.id}`, enableSorting: true },
      { id: 'created_at', header: t('orders.created'), accessorKey: 'created_at', enableSorting: true },
      {
        id: 'member',
        header: t('orders.member'),
        cell: ({ row }) => <Link to={`/admin/members/${row.original.member_id}`}>#{row.original.member_id}</Link>,
        enableSorting: false,
      },
      { id: 'card', header: t('orders.card'), accessorKey: 'card_name', enableSorting: false },
      {
        id: 'price',
        header: t('fields.price'),
        accessorFn: (r) => t('points', { value: r.price.toLocaleString() }),
        enableSorting: false,
      },
      {
        id: 'status',
        header: t('status'),
        cell: ({ row }) => {
          const r = row.original;
          return (
            <span className="a-badge" data-tone={r.status === 'pending' ? undefined : 'ok'}>
              {t(`orders.statuses.${r.status}`)}
              {r.status === 'convert' ? ` (${t('points', { value: r.returned_point.toLocaleString() })})` : ''}
            </span>
          );
        },
        enableSorting: false,
      },
      {
        id: 'shipment',
        header: t('orders.shipment'),
        cell: ({ row }) => {
          const r = row.original;
          if (r.shipment_id === null) return '—';
          const status = r.shipment_status
            ? t(`admin-fulfilment:status.${r.shipment_status}`, { defaultValue: r.shipment_status })
            : '';
          return (
            <Link to={`/admin/shipments/${r.shipment_id}`}>
              #{r.shipment_id} {status}
            </Link>
          );
        },
        enableSorting: false,
      },
    ],
    [t],
  );
  const refused = list.refused ? (firstError(list.refused, 'status') ?? firstError(list.refused, 'q')) : undefined;
  return (
    <>
      <h1>{t('orders.title')}</h1>
      <FilterForm
        label={t('orders.filters')}
        fields={[
          { name: 'q', kind: 'search', label: t('orders.q') },
          {
            name: 'status',
            kind: 'select',
            label: t('status'),
            all: t('all'),
            options: EXCHANGE_ORDER_STATUSES.map((v) => ({ value: v, label: t(`orders.statuses.${v}`) })),
          },
        ]}
        initial={list.params.filters}
        onApply={(filters) => list.update({ filters })}
        clearable
        error={refused}
      />
      <DataTable caption={t('orders.title')} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
    </>
  );
}
