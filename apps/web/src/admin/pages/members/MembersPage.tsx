import type { AdminMemberRow } from '@oripa/core/admin';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fetchMembers } from '../../api/members';
import { DataTable, type ColumnDef } from '../../components/DataTable';
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
      <MemberSearch
        key={list.params.filters.q}
        initial={list.params.filters.q ?? ''}
        onSearch={(q) => list.update({ filters: { q } })}
      />
      <DataTable caption={t('title')} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
    </>
  );
}

function MemberSearch({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation('admin-members');
  const id = useId();
  const [q, setQ] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(q.trim());
  };
  return (
    <form className="a-filters" role="search" onSubmit={submit}>
      <div className="a-field" style={{ flex: '1 1 280px' }}>
        <label htmlFor={id}>{t('search')}</label>
        <input id={id} type="search" value={q} onChange={(e) => setQ(e.target.value)} placeholder={t('searchHint')} />
      </div>
      <button type="submit" className="a-primary">
        {t('admin-common:search')}
      </button>
    </form>
  );
}
