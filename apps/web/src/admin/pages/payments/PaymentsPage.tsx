import { can, PAYMENT_VIEW_KEYS, type AdminPayment, type PaymentViewKey } from '@oripa/core/admin';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOk } from '../../../api/client';
import { useStaff } from '../../components/RequireStaff';
import { fetchPayments } from '../../api/payments';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { useListParams } from '../../hooks/use-list-params';
import { TransferDialog } from './TransferDialog';

const FILTERS = ['view', 'q', 'pay_id'];

/** /admin/payments (support, owner): search payments; reconcile bank transfers (owner); unpaid and failed lists. */
export function PaymentsPage() {
  const { t } = useTranslation('admin-payments');
  const queryClient = useQueryClient();
  const { params, update, query } = useListParams({ sort: 'created_at', dir: 'desc' }, FILTERS);
  const list = useQuery({
    queryKey: ['admin', 'payments', query],
    queryFn: () => fetchPayments(query),
    placeholderData: keepPreviousData,
  });
  const ok = isOk(list.data) ? list.data : undefined;
  const view = (params.filters.view || 'all') as PaymentViewKey;
  const canReconcile = can(useStaff().role, 'payments.reconcile');
  const [open, setOpen] = useState<{ payment: AdminPayment; mode: 'received' | 'rejected' } | null>(null);
  const [notice, setNotice] = useState('');
  const yen = (v: number) => t('yen', { value: v.toLocaleString() });

  const columns = useMemo<ColumnDef<AdminPayment, unknown>[]>(
    () => [
      { id: 'created_at', header: t('columns.created'), accessorKey: 'created_at', enableSorting: true },
      {
        id: 'id',
        header: t('columns.id'),
        cell: ({ row }) => <span style={{ wordBreak: 'break-all' }}>{row.original.public_id}</span>,
        enableSorting: false,
      },
      {
        id: 'member',
        header: t('columns.member'),
        cell: ({ row }) => (
          <Link to={`/admin/members/${row.original.member_id}`}>
            {row.original.member_name} (#{row.original.member_id})
          </Link>
        ),
        enableSorting: false,
      },
      {
        id: 'method',
        header: t('columns.method'),
        accessorFn: (r) => t(`payMethods.${r.pay_id}`, { defaultValue: String(r.pay_id) }),
        enableSorting: false,
      },
      { id: 'amount', header: t('columns.amount'), accessorFn: (r) => yen(r.amount), enableSorting: true },
      { id: 'points', header: t('columns.points'), accessorFn: (r) => r.point.toLocaleString(), enableSorting: false },
      { id: 'holder', header: t('columns.holder'), accessorFn: (r) => r.holder_name || '—', enableSorting: false },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row }) => (
          <span
            style={{ whiteSpace: 'nowrap' }}
            className="a-badge"
            data-tone={
              row.original.status === 'succeeded' ? 'ok' : row.original.status === 'pending' ? undefined : 'danger'
            }
          >
            {t(`status.${row.original.status}`)}
          </span>
        ),
        enableSorting: false,
      },
      { id: 'deadline', header: t('columns.deadline'), accessorFn: (r) => r.expires_at ?? '—', enableSorting: false },
      {
        id: 'actions',
        header: t('columns.actions'),
        cell: ({ row }) =>
          canReconcile && row.original.pay_id === 4 && row.original.status === 'pending' ? (
            <div className="a-row" style={{ flexWrap: 'nowrap', whiteSpace: 'nowrap' }}>
              <button
                type="button"
                className="a-primary"
                onClick={() => setOpen({ payment: row.original, mode: 'received' })}
              >
                {t('reconcile.received')}
              </button>
              <button
                type="button"
                className="a-danger"
                onClick={() => setOpen({ payment: row.original, mode: 'rejected' })}
              >
                {t('reconcile.reject')}
              </button>
            </div>
          ) : null,
        enableSorting: false,
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, canReconcile],
  );

  return (
    <>
      <h1>{t('title')}</h1>
      <div className="a-tabs" role="tablist" aria-label={t('title')}>
        {PAYMENT_VIEW_KEYS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            onClick={() => update({ filters: { ...params.filters, view: v === 'all' ? '' : v } })}
          >
            {t(`views.${v}`)}
            {v !== 'all' && ok ? ` (${ok.counts[v]})` : ''}
          </button>
        ))}
      </div>
      <PaymentSearch
        key={JSON.stringify(params.filters)}
        initial={params.filters}
        onApply={(f) => update({ filters: { ...params.filters, ...f } })}
      />
      {notice ? (
        <p className="a-notice" role="status">
          {notice}
        </p>
      ) : null}
      <DataTable
        caption={t(`views.${view}`)}
        columns={columns}
        rows={ok?.rows}
        total={ok?.total}
        params={params}
        onChange={update}
        loading={list.isFetching}
        getRowId={(r) => String(r.id)}
      />
      {open ? (
        <TransferDialog
          payment={open.payment}
          mode={open.mode}
          onClose={() => setOpen(null)}
          onDone={(status) => {
            setNotice(t('reconcile.done', { id: open.payment.public_id, status: t(`status.${status}`) }));
            setOpen(null);
            void queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] });
          }}
        />
      ) : null}
    </>
  );
}

function PaymentSearch({
  initial,
  onApply,
}: {
  initial: Record<string, string>;
  onApply: (f: Record<string, string>) => void;
}) {
  const { t } = useTranslation('admin-payments');
  const id = useId();
  const [q, setQ] = useState(initial.q ?? '');
  const [payId, setPayId] = useState(initial.pay_id ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ q, pay_id: payId });
  };
  return (
    <form className="a-filters" role="search" onSubmit={submit}>
      <div className="a-field">
        <label htmlFor={`${id}-q`}>{t('search')}</label>
        <input id={`${id}-q`} type="search" value={q} onChange={(e) => setQ(e.target.value)} />
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-pay`}>{t('payMethod')}</label>
        <select id={`${id}-pay`} value={payId} onChange={(e) => setPayId(e.target.value)}>
          <option value="">{t('views.all')}</option>
          {['1', '2', '4', '5', '6', '7'].map((p) => (
            <option key={p} value={p}>
              {t(`payMethods.${p}`)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="a-primary">
        {t('admin-common:search')}
      </button>
    </form>
  );
}
