import { can, PAYMENT_VIEW_KEYS, type AdminPayment, type PaymentViewKey } from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStaff } from '../../components/RequireStaff';
import { fetchPayments } from '../../api/payments';
import { FilterForm } from '../../components/FilterForm';
import { TabBar } from '../../components/TabBar';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { useServerList } from '../../hooks/use-server-list';
import { TransferDialog } from './TransferDialog';

const FILTERS = ['view', 'q', 'pay_id'];
/** The payment methods a search can pick (the gateway's pay_id). */
const PAY_METHODS = ['1', '2', '4', '5', '6', '7'];

/** /admin/payments (support, owner): search payments; reconcile bank transfers (owner); unpaid and failed lists. */
export function PaymentsPage() {
  const { t } = useTranslation('admin-payments');
  const queryClient = useQueryClient();
  const list = useServerList(['admin', 'payments'], fetchPayments, { sort: 'created_at', dir: 'desc' }, FILTERS);
  const { params, update, data: ok } = list;
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
      <TabBar
        label={t('title')}
        tabs={PAYMENT_VIEW_KEYS.map((v) => ({
          key: v,
          label: `${t(`views.${v}`)}${v !== 'all' && ok ? ` (${ok.counts[v]})` : ''}`,
        }))}
        selected={view}
        onSelect={(v) => update({ filters: { ...params.filters, view: v === 'all' ? '' : v } })}
      />
      <FilterForm
        fields={[
          { name: 'q', kind: 'search', label: t('search') },
          {
            name: 'pay_id',
            kind: 'select',
            label: t('payMethod'),
            all: t('views.all'),
            options: PAY_METHODS.map((p) => ({ value: p, label: t(`payMethods.${p}`) })),
          },
        ]}
        initial={params.filters}
        onApply={(f) => update({ filters: { ...params.filters, ...f } })}
      />
      {notice ? (
        <p className="a-notice" role="status">
          {notice}
        </p>
      ) : null}
      <DataTable caption={t(`views.${view}`)} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
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
