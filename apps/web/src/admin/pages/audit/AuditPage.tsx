import type { AuditRow } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError, isOk } from '../../../api/client';
import { fetchAudit } from '../../api/audit';
import { fetchStaff } from '../../api/staff';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { FilterForm } from '../../components/FilterForm';
import { useServerList } from '../../hooks/use-server-list';

const FILTERS = ['staff_id', 'action', 'from', 'to'];

/** A before/after value, compact. */
const Json = ({ value }: { value: unknown }) =>
  value === null || value === undefined ? (
    <span>—</span>
  ) : (
    <pre className="a-json">{JSON.stringify(value, null, 1)}</pre>
  );

/** /admin/audit (owner): every staff write, filtered by staff, action and a date range. */
export function AuditPage() {
  const { t } = useTranslation('admin-audit');
  const list = useServerList(['admin', 'audit'], fetchAudit, { sort: 'created_at', dir: 'desc' }, FILTERS);
  const { refused } = list;
  const staff = useQuery({ queryKey: ['admin', 'staff'], queryFn: fetchStaff });

  const columns = useMemo<ColumnDef<AuditRow, unknown>[]>(
    () => [
      { id: 'created_at', header: t('when'), accessorKey: 'created_at', enableSorting: true },
      { id: 'staff', header: t('staff'), accessorFn: (r) => r.staff_name || '—', enableSorting: false },
      {
        id: 'action',
        header: t('action'),
        accessorFn: (r) => t(`actions.${r.action}`, { defaultValue: r.action }),
        enableSorting: false,
      },
      {
        id: 'target',
        header: t('target'),
        accessorFn: (r) => `${r.target_type}${r.target_id ? ` #${r.target_id}` : ''}`,
        enableSorting: false,
      },
      { id: 'reason', header: t('reason'), accessorFn: (r) => r.reason || '—', enableSorting: false },
      {
        id: 'before',
        header: t('before'),
        cell: ({ row }) => <Json value={row.original.before} />,
        enableSorting: false,
      },
      { id: 'after', header: t('after'), cell: ({ row }) => <Json value={row.original.after} />, enableSorting: false },
    ],
    [t],
  );

  return (
    <>
      <h1>{t('title')}</h1>
      <FilterForm
        label={t('filters')}
        fields={[
          {
            name: 'staff_id',
            kind: 'select',
            label: t('staff'),
            all: t('all'),
            options: isOk(staff.data) ? staff.data.staff.map((s) => ({ value: String(s.id), label: s.name })) : [],
          },
          {
            name: 'action',
            kind: 'select',
            label: t('action'),
            all: t('all'),
            options: (list.data?.actions ?? []).map((a) => ({
              value: a,
              label: t(`actions.${a}`, { defaultValue: a }),
            })),
          },
          { name: 'from', kind: 'date', label: t('from') },
          { name: 'to', kind: 'date', label: t('to') },
        ]}
        initial={list.params.filters}
        onApply={(filters) => list.update({ filters })}
        clearable
        error={
          refused
            ? (firstError(refused, 'from') ?? firstError(refused, 'to') ?? firstError(refused, 'general'))
            : undefined
        }
      />
      <DataTable caption={t('title')} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
    </>
  );
}
