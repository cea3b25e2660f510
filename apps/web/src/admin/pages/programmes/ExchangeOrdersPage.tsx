import { EXCHANGE_ORDER_STATUSES, type AdminExchangeOrderRow } from '@oripa/core/admin';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { firstError } from '../../../api/client';
import { fetchExchangeOrders } from '../../api/programmes';
import { DataTable, type ColumnDef } from '../../components/DataTable';
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
      <OrderFilters
        key={JSON.stringify(list.params.filters)}
        initial={list.params.filters}
        onApply={(filters) => list.update({ filters })}
        error={refused}
      />
      <DataTable caption={t('orders.title')} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
    </>
  );
}

function OrderFilters({
  initial,
  onApply,
  error,
}: {
  initial: Record<string, string>;
  onApply: (f: Record<string, string>) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('admin-programmes');
  const id = useId();
  const [f, setF] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form className="a-filters" onSubmit={submit} role="search" aria-label={t('orders.filters')}>
      <div className="a-field">
        <label htmlFor={`${id}-q`}>{t('orders.q')}</label>
        <input id={`${id}-q`} value={f.q ?? ''} onChange={(e) => setF({ ...f, q: e.target.value })} />
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-status`}>{t('status')}</label>
        <select id={`${id}-status`} value={f.status ?? ''} onChange={(e) => setF({ ...f, status: e.target.value })}>
          <option value="">{t('all')}</option>
          {EXCHANGE_ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`orders.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="a-primary">
        {t('admin-common:search')}
      </button>
      <button type="button" onClick={() => onApply({ status: '', q: '' })}>
        {t('admin-common:clear')}
      </button>
      {error ? (
        <p role="alert" className="a-error" style={{ flexBasis: '100%', margin: 0 }}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
