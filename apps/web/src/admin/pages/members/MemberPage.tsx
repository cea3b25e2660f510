import type { AdminLedgerRow, AdminMemberDetail } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { isOk } from '../../../api/client';
import { fetchLedger, fetchMember } from '../../api/members';
import { TabBar } from '../../components/TabBar';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { useStaff } from '../../components/RequireStaff';
import { useServerList } from '../../hooks/use-server-list';
import { can } from '@oripa/core/admin';
import { ClosedBadge, IdleStanding } from './IdleStanding';
import { AdjustForm, MemberAccessActions } from './MemberActions';

const num = (n: number) => n.toLocaleString('ja-JP');
const TABS = ['ledger', 'purchases', 'payments', 'shipments', 'sessions'] as const;
type Tab = (typeof TABS)[number];

/** /admin/members/:id (support): balances, history, adjustments, suspension, sign out everywhere. */
export function MemberPage() {
  const { t } = useTranslation('admin-members');
  const { id = '' } = useParams();
  const staff = useStaff();
  const member = useQuery({ queryKey: ['admin', 'member', id], queryFn: () => fetchMember(id) });
  const [tab, setTab] = useState<Tab>('ledger');
  if (member.isPending) return <p className="a-loading">{t('admin-common:loading')}</p>;
  if (!isOk(member.data)) {
    return (
      <p role="alert" className="a-alert">
        {member.data?.errors?.general?.[0] ?? t('notFound')}
      </p>
    );
  }
  const m = member.data.member;
  return (
    <>
      <p style={{ margin: '0 0 4px' }}>
        <Link to="/admin/members">{t('back')}</Link>
      </p>
      <h1>
        {m.name} <small style={{ fontWeight: 400 }}>#{m.id}</small>{' '}
        {m.suspended ? (
          <span className="a-badge" data-tone="danger">
            {t('suspendedSince', { at: m.suspended_at })}
          </span>
        ) : null}{' '}
        <ClosedBadge member={m} />
      </h1>
      <div className="a-card">
        <dl className="a-dl">
          <dt>{t('points')}</dt>
          <dd data-testid="point-balance">{num(m.point_balance)} pt</dd>
          <dt>{t('coins')}</dt>
          <dd>{num(m.coin_balance)}</dd>
          <dt>{t('mail')}</dt>
          <dd>
            {m.mail} {m.mail_verified ? <span className="a-badge">{t('verified')}</span> : null}
          </dd>
          <dt>{t('tel')}</dt>
          <dd>
            {m.tel}
            {m.sms_tel ? ` / SMS ${m.sms_tel}` : ''}{' '}
            {m.sms_verified ? <span className="a-badge">{t('verified')}</span> : null}
          </dd>
          <dt>{t('address')}</dt>
          <dd>{m.address || '—'}</dd>
          <dt>{t('rank')}</dt>
          <dd>{m.rank}</dd>
          <dt>{t('joined')}</dt>
          <dd>{m.created_at}</dd>
          <IdleStanding member={m} />
        </dl>
      </div>
      {can(staff.role, 'members.adjust') ? <AdjustForm member={m} /> : null}
      {can(staff.role, 'members.suspend') ? <MemberAccessActions member={m} /> : null}
      <TabBar
        label={t('history')}
        tabs={TABS.map((k) => ({ key: k, label: t(`tabs.${k}`) }))}
        selected={tab}
        onSelect={setTab}
        panelId={(k) => `panel-${k}`}
      />
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'ledger' ? <LedgerTable memberId={id} /> : <RecentTable member={m} tab={tab} />}
      </div>
    </>
  );
}

function LedgerTable({ memberId }: { memberId: string }) {
  const { t } = useTranslation('admin-members');
  const list = useServerList(
    ['admin', 'ledger', memberId],
    (query) => fetchLedger(memberId, { ...query, currency: query.currency === 'coin' ? 'coin' : 'point' }),
    { sort: 'id', dir: 'desc' },
    ['currency'],
  );
  const currency = list.params.filters.currency === 'coin' ? 'coin' : 'point';
  const columns = useMemo<ColumnDef<AdminLedgerRow, unknown>[]>(
    () => [
      { id: 'created_at', header: t('when'), accessorKey: 'created_at', enableSorting: false },
      {
        id: 'reason',
        header: t('reason'),
        accessorFn: (r) => t(`reasons.${r.reason}`, { defaultValue: r.reason }),
        enableSorting: false,
      },
      {
        id: 'amount',
        header: t('amount'),
        accessorFn: (r) => (r.amount > 0 ? `+${num(r.amount)}` : num(r.amount)),
        enableSorting: false,
      },
      { id: 'balance_after', header: t('balanceAfter'), accessorFn: (r) => num(r.balance_after), enableSorting: false },
      { id: 'memo', header: t('memo'), accessorFn: (r) => r.memo || '—', enableSorting: false },
    ],
    [t],
  );
  return (
    <>
      <div className="a-row" style={{ marginBottom: 8 }}>
        {(['point', 'coin'] as const).map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={currency === c}
            onClick={() => list.update({ filters: { currency: c } })}
          >
            {t(c === 'point' ? 'points' : 'coins')}
          </button>
        ))}
      </div>
      <DataTable caption={t('tabs.ledger')} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
    </>
  );
}

/** The recent purchases, payments, shipments or sessions (the latest 50). */
function RecentTable({ member, tab }: { member: AdminMemberDetail; tab: Exclude<Tab, 'ledger'> }) {
  const { t } = useTranslation('admin-members');
  const table: { head: string[]; rows: ReactNode[][] } = {
    purchases: {
      head: [t('when'), t('pack'), t('count'), t('price')],
      rows: member.purchases.map((p) => [
        p.created_at,
        p.pack_name,
        p.count,
        `${num(p.price)} ${p.currency === 'coin' ? t('coins') : 'pt'}`,
      ]),
    },
    payments: {
      head: [t('when'), t('paymentId'), t('paymentStatus'), t('yen'), t('points')],
      rows: member.payments.map((p) => [
        p.created_at,
        p.public_id,
        t(`paymentStatuses.${p.status}`, { defaultValue: p.status }),
        `¥${num(p.amount)}`,
        num(p.point),
      ]),
    },
    shipments: {
      head: [t('when'), t('shipmentId'), t('shipmentStatus'), t('cards'), t('tracking')],
      rows: member.shipments.map((s) => [
        s.created_at,
        `#${s.id}`,
        t(`shipmentStatuses.${s.status}`, { defaultValue: s.status }),
        s.cards,
        s.delivery_code || '—',
      ]),
    },
    sessions: {
      head: [t('signedIn'), t('expires'), t('persistent')],
      rows: member.sessions.map((s) => [s.created_at, s.expires_at, s.persistent ? t('yes') : t('no')]),
    },
  }[tab];
  return (
    <div className="a-card" style={{ padding: 0, overflowX: 'auto' }}>
      <table className="a-plain">
        <caption className="a-skip">{t(`tabs.${tab}`)}</caption>
        <thead>
          <tr>
            {table.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((c, j) => (
                <td key={j}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length === 0 ? <p className="a-loading">{t('admin-common:table.empty')}</p> : null}
    </div>
  );
}
