import { RANK_ORDER, type Rank } from '@oripa/core';
import { lineupEconomics, type AdminCard, type ReturnRateBand } from '@oripa/core/admin';
import { useId, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorTexts, Field } from '../../components/Field';
import { cardName, type CardInfo } from './card-info';
import { CardPicker } from './CardPicker';
import { EconomicsPanel } from './EconomicsPanel';
import type { PackForm } from './pack-form';

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
  onCards,
}: {
  /** The form's values as they stand (the caller watches them). */
  value: PackForm;
  cards: ReadonlyMap<string, CardInfo>;
  band: ReturnRateBand;
  frozen: boolean;
  /** Cards the picker found, for the lineup to show. */
  onCards: (found: AdminCard[]) => void;
}) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const f = useId();
  // The pack editor's form (its FormProvider): each line's rank and count are its fields, checked by the core schema.
  const { register, control, setValue, formState } = useFormContext<PackForm>();
  const { fields, append, remove } = useFieldArray({ control, name: 'lineup' });
  const errors = formState.errors;
  const lineupErrors = errorTexts(errors.lineup);
  const [picker, setPicker] = useState<'lineup' | 'lastOne' | null>(null);
  const openers = { lineup: useRef<HTMLButtonElement>(null), lastOne: useRef<HTMLButtonElement>(null) };
  const lines = value.lineup;
  const sum = lines.reduce((s, l) => s + (Number(l.count) || 0), 0);
  const total = Number(value.total_tickets) || 0;
  const economics = formEconomics(value, cards, band);
  const setLastOne = (cardId: string) => setValue('last_one_card_id', cardId, { shouldDirty: true });
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
    append(fresh.map((c) => ({ card_id: String(c.id), rank, count: String(count) })));
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
            <Field
              label={t('totalTickets')}
              inputMode="numeric"
              disabled={frozen}
              error={errors.total_tickets}
              {...register('total_tickets')}
            />
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
                {fields.map((row, i) => {
                  const l = lines[i] ?? row;
                  const c = cards.get(l.card_id);
                  const countError = errors.lineup?.[i]?.count;
                  const label = c ? cardName(c, i18n.language) : `#${l.card_id}`;
                  return (
                    <tr key={row.id} data-testid="lineup-line">
                      <td>
                        <label className="a-skip" htmlFor={`${f}-rank-${i}`}>
                          {t('rankOf', { name: label })}
                        </label>
                        <select
                          id={`${f}-rank-${i}`}
                          className="a-num"
                          disabled={frozen}
                          {...register(`lineup.${i}.rank`)}
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
                          disabled={frozen}
                          aria-invalid={countError ? true : undefined}
                          {...register(`lineup.${i}.count`)}
                        />
                      </td>
                      <td className="a-right">{((Number(l.count) || 0) * (c?.buy_point ?? 0)).toLocaleString()}</td>
                      <td>
                        {frozen ? null : (
                          <button
                            type="button"
                            className="a-link-button"
                            aria-label={t('removeCard', { name: label })}
                            onClick={() => remove(i)}
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
          {lineupErrors.map((m) => (
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
                    <button type="button" onClick={() => setLastOne('')}>
                      {t('noLastOne')}
                    </button>
                  ) : null}
                </>
              )}
            </div>
            {errorTexts(errors.last_one_card_id).map((m) => (
              <small key={m} className="a-error" role="alert">
                {m}
              </small>
            ))}
          </div>
          {picker === 'lastOne' ? (
            <CardPicker
              onChoose={(c) => {
                onCards([c]);
                setLastOne(String(c.id));
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
