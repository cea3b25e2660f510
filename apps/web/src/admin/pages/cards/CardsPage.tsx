import type { AdminCard } from '@oripa/core/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { firstError, isOk } from '../../../api/client';
import { fetchCards } from '../../api/catalogue';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { useListParams } from '../../hooks/use-list-params';
import { CardTypeOptions, useCardTypes } from './CardTypeOptions';
import './catalogue.css';

const FILTERS = ['q', 'card_type'];

/** /admin/cards (operator): the card master, searched, sorted and paged on the server. */
export function CardsPage() {
  const { t } = useTranslation('admin-catalogue');
  const { params, update, query } = useListParams({ sort: 'id', dir: 'desc' }, FILTERS);
  const list = useQuery({
    queryKey: ['admin', 'cards', query],
    queryFn: () => fetchCards(query),
    placeholderData: keepPreviousData,
  });
  const ok = isOk(list.data) ? list.data : undefined;
  const types = useCardTypes();
  const columns = useMemo<ColumnDef<AdminCard, unknown>[]>(
    () => [
      {
        id: 'image',
        header: t('image'),
        cell: ({ row }) =>
          row.original.image_url ? (
            <img className="a-thumb" src={row.original.image_url} alt="" width={44} height={44} loading="lazy" />
          ) : (
            <span className="a-hint">{t('noImage')}</span>
          ),
      },
      { id: 'id', header: t('id'), accessorKey: 'id', enableSorting: true },
      {
        id: 'name',
        header: t('name'),
        enableSorting: true,
        cell: ({ row }) => (
          <Link to={`/admin/cards/${row.original.id}`}>
            {row.original.name_ja}
            <br />
            <small className="a-hint">{row.original.name_en}</small>
          </Link>
        ),
      },
      { id: 'model', header: t('modelNumber'), accessorKey: 'model_number', enableSorting: true },
      {
        id: 'rarity',
        header: t('rarity'),
        enableSorting: true,
        accessorFn: (r) => t(`rarities.${r.rarity}`),
      },
      {
        id: 'buy_point',
        header: t('buyPoint'),
        enableSorting: true,
        accessorFn: (r) => r.buy_point.toLocaleString(),
      },
      {
        id: 'card_type',
        header: t('cardType'),
        accessorFn: (r) => types.find((x) => x.id === r.card_type)?.name ?? String(r.card_type),
      },
    ],
    [t, types],
  );
  return (
    <>
      <div className="a-row" style={{ justifyContent: 'space-between' }}>
        <h1>{t('cards')}</h1>
        <Link className="a-primary a-button-link" to="/admin/cards/new">
          {t('newCard')}
        </Link>
      </div>
      <CardFilters
        key={JSON.stringify(params.filters)}
        initial={params.filters}
        onApply={(filters) => update({ filters })}
      />
      <DataTable
        caption={t('cards')}
        columns={columns}
        rows={ok?.rows}
        total={ok?.total}
        params={params}
        onChange={update}
        loading={list.isFetching}
        error={
          list.data && list.data.state !== 200 ? (firstError(list.data, 'q') ?? t('admin-common:failed')) : undefined
        }
        getRowId={(r) => String(r.id)}
      />
    </>
  );
}

function CardFilters({
  initial,
  onApply,
}: {
  initial: Record<string, string>;
  onApply: (f: Record<string, string>) => void;
}) {
  const { t } = useTranslation('admin-catalogue');
  const id = useId();
  const [f, setF] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply(f);
  };
  return (
    <form className="a-filters" role="search" aria-label={t('searchCards')} onSubmit={submit}>
      <div className="a-field">
        <label htmlFor={`${id}-q`}>{t('searchCards')}</label>
        <input id={`${id}-q`} type="search" value={f.q ?? ''} onChange={(e) => setF({ ...f, q: e.target.value })} />
      </div>
      <div className="a-field">
        <label htmlFor={`${id}-type`}>{t('cardType')}</label>
        <select id={`${id}-type`} value={f.card_type ?? ''} onChange={(e) => setF({ ...f, card_type: e.target.value })}>
          <option value="">{t('all')}</option>
          <CardTypeOptions />
        </select>
      </div>
      <button type="submit">{t('admin-common:search')}</button>
    </form>
  );
}
