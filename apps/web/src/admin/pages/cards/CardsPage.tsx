import type { AdminCard } from '@oripa/core/admin';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { firstError } from '../../../api/client';
import { fetchCards } from '../../api/catalogue';
import { DataTable, type ColumnDef } from '../../components/DataTable';
import { FilterForm } from '../../components/FilterForm';
import { useServerList } from '../../hooks/use-server-list';
import { useCardTypes } from './CardTypeOptions';
import './catalogue.css';

const FILTERS = ['q', 'card_type', 'rarity', 'set'];

/** /admin/cards (operator): the card master, searched, sorted and paged on the server. */
export function CardsPage() {
  const { t } = useTranslation('admin-catalogue');
  const list = useServerList(['admin', 'cards'], fetchCards, { sort: 'id', dir: 'desc' }, FILTERS);
  const { params, update } = list;
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
        <div className="a-row">
          <Link className="a-button-link" to="/admin/cards/import">
            {t('import.title')}
          </Link>
          <Link className="a-primary a-button-link" to="/admin/cards/new">
            {t('newCard')}
          </Link>
        </div>
      </div>
      <FilterForm
        label={t('searchCards')}
        fields={[
          { name: 'q', kind: 'search', label: t('searchCards') },
          {
            name: 'card_type',
            kind: 'select',
            label: t('cardType'),
            all: t('all'),
            options: types.map((x) => ({ value: String(x.id), label: x.name })),
          },
          {
            name: 'rarity',
            kind: 'select',
            label: t('rarity'),
            all: t('all'),
            options: [0, 1, 2, 3].map((r) => ({ value: String(r), label: t(`rarities.${r}`) })),
          },
          { name: 'set', kind: 'search', label: t('picker.set'), placeholder: t('picker.setHint') },
        ]}
        initial={params.filters}
        onApply={(filters) => update({ filters })}
      />
      <DataTable
        caption={t('cards')}
        columns={columns}
        {...list.table}
        error={list.refused ? (firstError(list.refused, 'q') ?? t('admin-common:failed')) : undefined}
        getRowId={(r) => String(r.id)}
      />
    </>
  );
}
