import type { AuditRow } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { firstError, isOk } from '../../../api/client';
import { fetchAudit } from '../../api/audit';
import { fetchStaff } from '../../api/staff';
import { DataTable, type ColumnDef } from '../../components/DataTable';
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
      <AuditFilters
        key={JSON.stringify(list.params.filters)}
        initial={list.params.filters}
        actions={list.data?.actions ?? []}
        staff={isOk(staff.data) ? staff.data.staff.map((s) => ({ id: s.id, name: s.name })) : []}
        onApply={(filters) => list.update({ filters })}
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

function AuditFilters({
  initial,
  actions,
  staff,
  onApply,
  error,
}: {
  initial: Record<string, string>;
  actions: string[];
  staff: { id: number; name: string }[];
  onApply: (f: Record<string, string>) => void;
  error?: string | undefined;
}) {
  const { t } = useTranslation('admin-audit');
  const id = useId();
  const [f, setF] = useState(initial);
  const set = (k: string) => (e: { target: { value: string } }) => setF((prev) => ({ ...prev, [k]: e.target.value }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form className="a-filters" onSubmit={submit} role="search" aria-label={t('filters')}>
      <div className="a-field">
        <label htmlFor={`${id}-staff`}>{t('staff')}</label>
        <select id={`${id}-staff`} value={f.staff_id ?? ''} onChange={set('staff_id')}>
          <option value="">{t('all')}</option>
          {staff.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-action`}>{t('action')}</label>
        <select id={`${id}-action`} value={f.action ?? ''} onChange={set('action')}>
          <option value="">{t('all')}</option>
          {actions.map((a) => (
            <option key={a} value={a}>
              {t(`actions.${a}`, { defaultValue: a })}
            </option>
          ))}
        </select>
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-from`}>{t('from')}</label>
        <input id={`${id}-from`} type="date" value={f.from ?? ''} onChange={set('from')} />
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-to`}>{t('to')}</label>
        <input id={`${id}-to`} type="date" value={f.to ?? ''} onChange={set('to')} />
      </div>
      <button type="submit" className="a-primary">
        {t('admin-common:search')}
      </button>
      <button type="button" onClick={() => onApply({ staff_id: '', action: '', from: '', to: '' })}>
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
