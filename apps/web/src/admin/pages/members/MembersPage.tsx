import type { AdminMemberRow } from '@oripa/core/admin';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchMembers } from '../../api/members';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { FilterForm } from '../../components/FilterForm';
import { useServerList } from '../../hooks/use-server-list';

const num = (n: number) => n.toLocaleString('ja-JP');

/** /admin/members (support): search by id, mail, name or phone; sorted and paged on the server. */
export function MembersPage() {
  const { t } = useTranslation('admin-members');
  const list = useServerList(['admin', 'members'], fetchMembers, { sort: 'id', dir: 'desc' }, ['q']);
  const columns = useMemo<ColumnDef<AdminMemberRow, unknown>[]>(
    () => [
      { id: 'id', header: t('id'), accessorKey: 'id', enableSorting: true },
      {
        id: 'name',
        header: t('name'),
        enableSorting: false,
        cell: ({ row }) => <Link to={`/admin/members/${row.original.id}`}>{row.original.name}</Link>,
      },
      { id: 'mail', header: t('mail'), accessorKey: 'mail', enableSorting: false },
      { id: 'tel', header: t('tel'), accessorKey: 'tel', enableSorting: false },
      {
        id: 'point_balance',
        header: t('points'),
        accessorFn: (r) => num(r.point_balance),
        enableSorting: true,
      },
      { id: 'coins', header: t('coins'), accessorFn: (r) => num(r.coin_balance), enableSorting: false },
      {
        id: 'status',
        header: t('status'),
        enableSorting: false,
        cell: ({ row }) =>
          row.original.suspended ? (
            <span className="a-badge" data-tone="danger">
              {t('suspended')}
            </span>
          ) : (
            <span className="a-badge" data-tone="ok">
              {t('active')}
            </span>
          ),
      },
      { id: 'created_at', header: t('joined'), accessorKey: 'created_at', enableSorting: true },
      { id: 'last_activity_at', header: t('lastActive'), accessorKey: 'last_activity_at', enableSorting: true },
    ],
    [t],
  );
  return (
    <>
      <h1>{t('title')}</h1>
      <FilterForm
        fields={[
          { name: 'q', kind: 'search', label: t('search'), placeholder: t('searchHint'), style: { flex: '1 1 280px' } },
        ]}
        initial={list.params.filters}
        onApply={(filters) => list.update({ filters })}
      />
      <DataTable caption={t('title')} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
    </>
  );
}
