import { RANK_ORDER, type Rank } from '@oripa/core';
import { lineupEconomics, type AdminCard, type ReturnRateBand } from '@oripa/core/admin';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '../cards/form-errors';
import { cardName, type CardInfo } from './card-info';
import { CardPicker } from './CardPicker';
import { EconomicsPanel } from './EconomicsPanel';
import type { LineLine, PackForm } from './pack-form';

/** Until the server's band has answered, the panel warns by the configuration's defaults (config.ts). */
export const DEFAULT_BAND: ReturnRateBand = { minBp: 6_000, maxBp: 10_000 };

/** The form's lineup with each card's value, as the economics read it (lines of cards not yet known count 0). */
export function formEconomics(v: PackForm, cards: ReadonlyMap<string, CardInfo>, band: ReturnRateBand) {
  const lines = v.lineup.map((l) => ({
    rank: l.rank,
    count: Number(l.count),
    buy_point: cards.get(l.card_id)?.buy_point ?? 0,
  }));
  const lastOne = v.last_one_card_id ? (cards.get(v.last_one_card_id)?.buy_point ?? null) : null;
  return lineupEconomics(lines, Number(v.point), lastOne, band);
}

/**
 * The lineup: cards per rank with ticket counts, chosen with the card picker (a server search, never a list of the
 * whole master), the last-one prize, and the live economics panel beside them.
 */
export function LineupEditor({
  value,
  cards,
  band,
  frozen,
  errors,
  onChange,
  onCards,
}: {
  value: PackForm;
  cards: ReadonlyMap<string, CardInfo>;
  band: ReturnRateBand;
  frozen: boolean;
  errors: FormErrors;
  onChange: (patch: Partial<PackForm>) => void;
  /** Cards the picker found, for the lineup to show. */
  onCards: (found: AdminCard[]) => void;
}) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const f = useId();
  const [picker, setPicker] = useState<'lineup' | 'lastOne' | null>(null);
  const openers = { lineup: useRef<HTMLButtonElement>(null), lastOne: useRef<HTMLButtonElement>(null) };
  const lines = value.lineup;
  const sum = lines.reduce((s, l) => s + (Number(l.count) || 0), 0);
  const total = Number(value.total_tickets) || 0;
  const economics = formEconomics(value, cards, band);
  const setLine = (i: number, patch: Partial<LineLine>) =>
    onChange({ lineup: lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const close = () => {
    const which = picker;
    setPicker(null);
    // Back to the button that opened it, for keyboard users.
    if (which) setTimeout(() => openers[which].current?.focus(), 0);
  };
  const add = (found: AdminCard[], rank: Rank, count: number) => {
    onCards(found);
    const have = new Set(lines.map((l) => l.card_id));
    const fresh = found.filter((c) => !have.has(String(c.id)));
    onChange({ lineup: [...lines, ...fresh.map((c) => ({ card_id: String(c.id), rank, count: String(count) }))] });
  };
  const lastOne = value.last_one_card_id ? cards.get(value.last_one_card_id) : undefined;
  const unit = t(`currencies.${value.payment_method}`);

  return (
    <fieldset className="a-images" aria-describedby={`${f}-hint`}>
      <legend>{t('lineup')}</legend>
      <p id={`${f}-hint`} className="a-hint" style={{ marginTop: 0 }}>
        {frozen ? t('frozen') : t('lineupHint')}
      </p>
      <div className="a-build">
        <div className="a-build-main">
          <div className="a-row" style={{ marginBottom: 8 }}>
            <div className="a-field" style={{ marginBottom: 0 }}>
              <label htmlFor={`${f}-total`}>{t('totalTickets')}</label>
              <input
                id={`${f}-total`}
                inputMode="numeric"
                value={value.total_tickets}
                disabled={frozen}
                onChange={(e) => onChange({ total_tickets: e.target.value })}
              />
            </div>
            <p className="a-sum" data-ok={sum === total && lines.length > 0} aria-live="polite" style={{ margin: 0 }}>
              {t('lineupSum', { sum, total })} — {sum === total && lines.length > 0 ? t('lineupOk') : t('lineupNg')}
            </p>
          </div>
          <div style={{ overflowX: 'auto' }}>
            <table className="a-lineup" data-testid="lineup">
              <caption className="a-skip">{t('lineup')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('rank')}</th>
                  <th scope="col">{t('card')}</th>
                  <th scope="col">{t('count')}</th>
                  <th scope="col" className="a-right">
                    {t('econ.lineValue')}
                  </th>
                  <th scope="col">
                    <span className="a-skip">{t('remove')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((l, i) => {
                  const c = cards.get(l.card_id);
                  const label = c ? cardName(c, i18n.language) : `#${l.card_id}`;
                  return (
                    <tr key={l.card_id || i} data-testid="lineup-line">
                      <td>
                        <label className="a-skip" htmlFor={`${f}-rank-${i}`}>
                          {t('rankOf', { name: label })}
                        </label>
                        <select
                          id={`${f}-rank-${i}`}
                          className="a-num"
                          value={l.rank}
                          disabled={frozen}
                          onChange={(e) => setLine(i, { rank: e.target.value as Rank })}
                        >
                          {RANK_ORDER.map((r) => (
                            <option key={r} value={r}>
                              {r}
                            </option>
                          ))}
                        </select>
                      </td>
                      <td>
                        <div className="a-card-cell">
                          {c?.image_url ? <img className="a-thumb" src={c.image_url} alt="" /> : null}
                          <span>
                            {label}
                            <br />
                            <small className="a-hint">
                              #{l.card_id} {c?.model_number ?? ''} · {t(`rarities.${c?.rarity ?? 0}`)} ·{' '}
                              {(c?.buy_point ?? 0).toLocaleString()}
                            </small>
                          </span>
                        </div>
                      </td>
                      <td>
                        <label className="a-skip" htmlFor={`${f}-count-${i}`}>
                          {t('countOf', { name: label })}
                        </label>
                        <input
                          id={`${f}-count-${i}`}
                          className="a-num"
                          inputMode="numeric"
                          value={l.count}
                          disabled={frozen}
                          onChange={(e) => setLine(i, { count: e.target.value })}
                        />
                      </td>
                      <td className="a-right">{((Number(l.count) || 0) * (c?.buy_point ?? 0)).toLocaleString()}</td>
                      <td>
                        {frozen ? null : (
                          <button
                            type="button"
                            className="a-link-button"
                            aria-label={t('removeCard', { name: label })}
                            onClick={() => onChange({ lineup: lines.filter((_, j) => j !== i) })}
                          >
                            {t('remove')}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          {frozen ? null : (
            <button
              ref={openers.lineup}
              type="button"
              style={{ marginTop: 8 }}
              aria-expanded={picker === 'lineup'}
              onClick={() => setPicker(picker === 'lineup' ? null : 'lineup')}
            >
              {t('addCards')}
            </button>
          )}
          {picker === 'lineup' ? (
            <CardPicker inLineup={new Set(lines.map((l) => l.card_id))} onAdd={add} onClose={close} />
          ) : null}
          {errors.lineup?.map((m) => (
            <p key={m} className="a-error" role="alert" style={{ margin: '6px 0 0' }}>
              {m}
            </p>
          ))}
          <div className="a-field" style={{ marginTop: 12 }}>
            <span id={`${f}-lastone`} className="a-label">
              {t('lastOne')}
            </span>
            <div className="a-row" aria-labelledby={`${f}-lastone`} role="group">
              {lastOne ? (
                <span className="a-card-cell" data-testid="last-one">
                  {lastOne.image_url ? <img className="a-thumb" src={lastOne.image_url} alt="" /> : null}
                  {cardName(lastOne, i18n.language)} · {lastOne.buy_point.toLocaleString()}
                </span>
              ) : value.last_one_card_id ? (
                <span data-testid="last-one">#{value.last_one_card_id}</span>
              ) : (
                <span data-testid="last-one">{t('none')}</span>
              )}
              {frozen ? null : (
                <>
                  <button
                    ref={openers.lastOne}
                    type="button"
                    aria-expanded={picker === 'lastOne'}
                    onClick={() => setPicker(picker === 'lastOne' ? null : 'lastOne')}
                  >
                    {t('chooseLastOne')}
                  </button>
                  {value.last_one_card_id ? (
                    <button type="button" onClick={() => onChange({ last_one_card_id: '' })}>
                      {t('noLastOne')}
                    </button>
                  ) : null}
                </>
              )}
            </div>
            {errors.last_one_card_id?.map((m) => (
              <small key={m} className="a-error" role="alert">
                {m}
              </small>
            ))}
          </div>
          {picker === 'lastOne' ? (
            <CardPicker
              onChoose={(c) => {
                onCards([c]);
                onChange({ last_one_card_id: String(c.id) });
                close();
              }}
              onClose={close}
            />
          ) : null}
        </div>
        <aside className="a-build-side">
          <EconomicsPanel economics={economics} unit={unit} title={t('econ.title')} />
        </aside>
      </div>
    </fieldset>
  );
}
