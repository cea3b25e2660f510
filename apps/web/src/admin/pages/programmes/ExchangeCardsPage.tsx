import { exchangeCardInputSchema, type AdminExchangeCardRow } from '@oripa/core/admin';
import { useState } from 'react';
import { fetchExchangeCards, saveExchangeCard, setExchangeCardOpen } from '../../api/programmes';
import { SettingsForm, type SettingField, type SettingValues } from './SettingsForm';
import { NAME_CELL, ProgrammeHead, ProgrammeTable } from './ProgrammeTable';
import { useProgrammeList } from './use-programme-list';

const FIELDS: SettingField[] = [
  { name: 'name_ja', kind: 'text' },
  { name: 'name_en', kind: 'text' },
  { name: 'model_number', kind: 'text' },
  { name: 'rarity', kind: 'number' },
  { name: 'price', kind: 'number' },
  { name: 'convert_point', kind: 'number' },
  { name: 'stock_total', kind: 'number' },
  { name: 'sort', kind: 'number' },
  { name: 'no_reduction', kind: 'flag' },
  { name: 'image_url', kind: 'image' },
];

const toValues = (r: AdminExchangeCardRow | null): SettingValues =>
  Object.fromEntries(
    FIELDS.map((f) => {
      const v = r?.[f.name as keyof AdminExchangeCardRow];
      if (f.kind === 'flag') return [f.name, Boolean(v)];
      return [f.name, v === undefined ? (f.name === 'rarity' || f.name === 'sort' ? '0' : '') : String(v)];
    }),
  );

/** /admin/programmes/exchange: the cards offered for points, their price, conversion and stock; create, edit, close. */
export function ExchangeCardsPage() {
  const { t, canWrite, rows, empty, notice, report, saved } = useProgrammeList('exchange-cards', fetchExchangeCards);
  const [editing, setEditing] = useState<AdminExchangeCardRow | 'new' | null>(null);

  async function toggle(r: AdminExchangeCardRow) {
    const reply = await setExchangeCardOpen(r.id, !r.active);
    await report(reply, t(r.active ? 'exchange.closed' : 'exchange.opened', { name: r.name_ja }));
  }

  return (
    <>
      <ProgrammeHead title={t('exchange.title')} lead={t('exchange.lead')} notice={notice} />
      {canWrite ? (
        <p>
          <button type="button" className="a-primary" onClick={() => setEditing('new')}>
            {t('exchange.add')}
          </button>
        </p>
      ) : null}
      {editing ? (
        <SettingsForm
          key={editing === 'new' ? 'new' : editing.id}
          title={editing === 'new' ? t('exchange.add') : t('exchange.edit', { name: editing.name_ja })}
          fields={FIELDS}
          schema={exchangeCardInputSchema}
          initial={toValues(editing === 'new' ? null : editing)}
          editing={editing !== 'new'}
          send={(body) => saveExchangeCard(editing === 'new' ? null : editing.id, body)}
          onDone={async () => {
            setEditing(null);
            await saved();
          }}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <ProgrammeTable
        caption={t('exchange.title')}
        headers={[
          t('fields.image_url'),
          t('exchange.card'),
          t('fields.price'),
          t('fields.convert_point'),
          t('exchange.stock'),
          t('exchange.orders'),
          t('status'),
        ]}
        withActions={canWrite}
        empty={empty}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <img className="a-thumb" src={r.image_url} alt="" width={44} height={44} />
            </td>
            <td style={NAME_CELL}>
              {r.name_ja}
              <br />
              <small className="a-hint">{r.name_en}</small>
            </td>
            <td>{t('points', { value: r.price.toLocaleString() })}</td>
            <td>
              {r.no_reduction ? t('exchange.noReduction') : t('points', { value: r.convert_point.toLocaleString() })}
            </td>
            <td>
              {r.stock_left.toLocaleString()} / {r.stock_total.toLocaleString()}
            </td>
            <td>{r.orders.toLocaleString()}</td>
            <td>
              <span className="a-badge" data-tone={r.active ? (r.stock_left > 0 ? 'ok' : undefined) : 'danger'}>
                {t(r.active ? (r.stock_left > 0 ? 'exchange.open' : 'exchange.soldOut') : 'exchange.closedBadge')}
              </span>
            </td>
            {canWrite ? (
              <td>
                <div className="a-row" style={{ flexWrap: 'nowrap' }}>
                  <button type="button" className="a-link-button" onClick={() => setEditing(r)}>
                    {t('edit')}
                    <span className="a-skip">{` ${r.name_ja}`}</span>
                  </button>
                  <button type="button" className="a-link-button" onClick={() => void toggle(r)}>
                    {t(r.active ? 'exchange.close' : 'exchange.reopen')}
                    <span className="a-skip">{` ${r.name_ja}`}</span>
                  </button>
                </div>
              </td>
            ) : null}
          </tr>
        ))}
      </ProgrammeTable>
    </>
  );
}
