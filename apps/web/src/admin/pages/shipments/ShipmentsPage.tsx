import {
  MAX_SHIPMENT_IDS,
  SHIPMENT_STATUSES,
  shipmentMoves,
  type AdminShipmentRow,
  type ShipmentStatus,
} from '@oripa/core/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isOk } from '../../../api/client';
import { fetchShipments, moveShipments, type ShipmentPick } from '../../api/fulfilment';
import { TabBar } from '../../components/TabBar';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { FilterForm } from '../../components/FilterForm';
import { useServerList } from '../../hooks/use-server-list';
import { CarrierExport } from './CarrierExport';
import { StatusBadge } from './StatusBadge';
import { TrackingImport } from './TrackingImport';
import styles from './Shipments.module.css';
import { zip } from './zip';

const FILTERS = ['status', 'q'];

/** /admin/shipments (shipping): the queue by status, bulk moves, pick list, carrier files and tracking import. */
export function ShipmentsPage() {
  const { t } = useTranslation('admin-fulfilment');
  const queryClient = useQueryClient();
  const list = useServerList(['admin', 'shipments'], fetchShipments, { sort: 'id', dir: 'asc', perPage: 50 }, FILTERS);
  const { params, update, data: ok } = list;
  const rows = ok?.rows;
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [notice, setNotice] = useState<{ tone: 'ok' | 'danger'; text: string } | null>(null);
  const status = (params.filters.status ?? '') as ShipmentStatus | '';
  const chosen = (rows ?? []).filter((r) => selected.has(r.id));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'shipments'] });
  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function move(to: ShipmentStatus) {
    const expected = Object.fromEntries(chosen.map((r) => [String(r.id), r.line_count]));
    const reply = await moveShipments(
      chosen.map((r) => r.id),
      to,
      to === 'packed' ? { expected_lines: expected } : {},
    );
    if (isOk(reply)) {
      setNotice({ tone: 'ok', text: t('moved', { count: reply.moved, status: t(`status.${to}`) }) });
      setSelected(new Set());
    } else {
      setNotice({ tone: 'danger', text: Object.values(reply.errors ?? {}).flat()[0] ?? '' });
    }
    await refresh();
  }

  // The moves every selected shipment allows.
  const moves = SHIPMENT_STATUSES.filter(
    (to) => chosen.length > 0 && chosen.every((r) => shipmentMoves(r.status).includes(to)),
  );
  const pick: ShipmentPick | null = chosen.length > 0 ? { ids: chosen.map((r) => r.id) } : status ? { status } : null;

  const columns = useMemo<ColumnDef<AdminShipmentRow, unknown>[]>(
    () => [
      {
        id: 'select',
        header: () => (
          <input
            type="checkbox"
            aria-label={t('selectAll')}
            checked={!!rows?.length && rows.every((r) => selected.has(r.id))}
            onChange={(e) => setSelected(new Set(e.target.checked ? (rows ?? []).map((r) => r.id) : []))}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={t('selectRow', { id: row.original.id })}
            checked={selected.has(row.original.id)}
            onChange={() => toggle(row.original.id)}
          />
        ),
        enableSorting: false,
      },
      {
        id: 'id',
        header: t('columns.id'),
        cell: ({ row }) => <Link to={`/admin/shipments/${row.original.id}`}>#{row.original.id}</Link>,
        enableSorting: true,
      },
      { id: 'recipient', header: t('columns.recipient'), accessorKey: 'recipient', enableSorting: false },
      {
        id: 'address',
        header: t('columns.address'),
        accessorFn: (r) => `〒${zip(r.zipcode)} ${r.address} ${r.building}`.trim(),
        enableSorting: false,
      },
      { id: 'cards', header: t('columns.cards'), accessorKey: 'line_count', enableSorting: false },
      {
        id: 'status',
        header: t('columns.status'),
        cell: ({ row }) => <StatusBadge status={row.original.status} />,
        enableSorting: true,
      },
      {
        id: 'tracking',
        header: t('columns.tracking'),
        accessorFn: (r) => (r.tracking_number ? `${t(`carrier.${r.carrier}`)} ${r.tracking_number}` : '—'),
        enableSorting: false,
      },
      { id: 'updated_at', header: t('columns.updated'), accessorKey: 'updated_at', enableSorting: true },
    ],
    [t, rows, selected],
  );

  return (
    <>
      <h1>{t('title')}</h1>
      <TabBar
        label={t('columns.status')}
        tabs={(['', ...SHIPMENT_STATUSES] as const).map((s) => ({
          key: s,
          label: `${t(`status.${s || 'all'}`)}${s && ok ? ` (${ok.counts[s]})` : ''}`,
        }))}
        selected={status}
        onSelect={(s) => {
          setSelected(new Set());
          update({ filters: { status: s, q: params.filters.q ?? '' } });
        }}
      />
      <FilterForm
        fields={[{ name: 'q', kind: 'search', label: t('search') }]}
        initial={params.filters}
        onApply={({ q }) => update({ filters: { status, q: q ?? '' } })}
      />
      {notice ? (
        <p className={notice.tone === 'ok' ? 'a-notice' : 'a-alert'} role={notice.tone === 'ok' ? 'status' : 'alert'}>
          {notice.text}
        </p>
      ) : null}
      <div className="a-row" aria-label={t('detail.actions')} role="group">
        <span>{t('selected', { count: chosen.length })}</span>
        {chosen.length > 0 ? (
          // Issue 21: say plainly what a hand-picked pick list or export takes (the ticks of this page, which a page
          // size keeps under the server's MAX_SHIPMENT_IDS), and how to take every parcel.
          <span className="a-hint">{t('selectedScope', { max: MAX_SHIPMENT_IDS })}</span>
        ) : null}
        {moves.map((to) => (
          <button
            key={to}
            type="button"
            className={to === 'shipped' ? 'a-primary' : undefined}
            onClick={() => move(to)}
          >
            {t(`move.${to}`)}
          </button>
        ))}
        {pick ? (
          <Link
            to={`/admin/shipments/pick-list?${'ids' in pick ? `ids=${pick.ids.join(',')}` : `status=${pick.status}`}`}
          >
            {t('pick.open')}
          </Link>
        ) : null}
      </div>
      <DataTable caption={t('title')} columns={columns} {...list.table} getRowId={(r) => String(r.id)} />
      <div className={styles.columns}>
        <CarrierExport
          pick={pick}
          count={pick ? ('ids' in pick ? pick.ids.length : ok?.counts[pick.status]) : undefined}
        />
        <TrackingImport
          onDone={(text, tone) => {
            setNotice({ tone, text });
            void refresh();
          }}
        />
      </div>
    </>
  );
}
