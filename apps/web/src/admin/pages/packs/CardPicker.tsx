import { RANK_ORDER, type Rank } from '@oripa/core';
import type { AdminCard } from '@oripa/core/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isOk } from '../../../api/client';
import { fetchCards } from '../../api/catalogue';
import { useCardTypes } from '../cards/CardTypeOptions';
import { cardName } from './card-info';

export const PICKER_PER_PAGE = 20;

interface Filters {
  q: string;
  card_type: string;
  rarity: string;
  set: string;
}
const NO_FILTERS: Filters = { q: '', card_type: '', rarity: '', set: '' };

/** The filters as typed, handed on once typing pauses (one search per pause, not per key). */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

type Props = {
  onClose: () => void;
} & (
  | {
      /** Cards already in the lineup: listed, but not offered again. */
      inLineup: ReadonlySet<string>;
      onAdd: (cards: AdminCard[], rank: Rank, count: number) => void;
      onChoose?: undefined;
    }
  | { onChoose: (card: AdminCard) => void; inLineup?: undefined; onAdd?: undefined }
);

/**
 * The pack editor's card picker (issue 21 item 6): a search of the card master on the server (name ja/en or model
 * number, game, set, rarity), 20 cards a page with picture, rarity and value, so a master of 10,000+ cards is never
 * sent whole. In lineup mode, tick any number of cards on any page and add them to one rank with one ticket count;
 * in choose mode (the last-one prize), choose one. Every control is a native one (keyboard and screen readers as
 * is); Enter searches at once instead of submitting the pack form; Escape closes.
 */
export function CardPicker(props: Props) {
  const { t, i18n } = useTranslation('admin-catalogue');
  const f = useId();
  const types = useCardTypes();
  const [typed, setTyped] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState(1);
  const settled = useSettled(typed, 250);
  const [now, setNow] = useState<Filters | null>(null);
  const filters = now ?? settled;
  const [chosen, setChosen] = useState<Map<number, AdminCard>>(new Map());
  const [rank, setRank] = useState<Rank>('C');
  const [count, setCount] = useState('1');
  const [countError, setCountError] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const searchRef = useRef<HTMLInputElement>(null);

  useEffect(() => searchRef.current?.focus(), []);

  const result = useQuery({
    queryKey: ['admin', 'card-picker', filters, page],
    queryFn: () => fetchCards({ ...filters, page, per_page: PICKER_PER_PAGE, sort: 'id', dir: 'desc' }),
    placeholderData: keepPreviousData,
  });
  const reply = result.data;
  const rows = isOk(reply) ? reply.rows : [];
  const total = isOk(reply) ? reply.total : 0;
  const pages = Math.max(1, Math.ceil(total / PICKER_PER_PAGE));

  const change = (k: keyof Filters, v: string) => {
    setTyped((prev) => ({ ...prev, [k]: v }));
    setNow(null);
    setPage(1);
  };
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      props.onClose();
    }
  };
  // Enter in a filter searches at once; the pack form around the picker is not submitted.
  const searchKeys = (e: KeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    setNow(typed);
    setPage(1);
  };
  const toggle = (c: AdminCard, on: boolean) =>
    setChosen((prev) => {
      const next = new Map(prev);
      if (on) next.set(c.id, c);
      else next.delete(c.id);
      return next;
    });
  const add = () => {
    const n = Number(count);
    if (!Number.isSafeInteger(n) || n < 1) {
      setCountError(true);
      return;
    }
    setCountError(false);
    props.onAdd?.([...chosen.values()], rank, n);
    setAdded(t('picker.added', { count: chosen.size, rank }));
    setChosen(new Map());
  };
  const filterProps = (k: keyof Filters) => ({
    id: `${f}-${k}`,
    value: typed[k],
    onChange: (e: { target: { value: string } }) => change(k, e.target.value),
    onKeyDown: searchKeys,
  });

  return (
    <section className="a-picker" aria-labelledby={`${f}-title`} onKeyDown={keys} data-testid="card-picker">
      <div className="a-row" style={{ justifyContent: 'space-between' }}>
        <h2 id={`${f}-title`} style={{ margin: 0, fontSize: 16 }}>
          {props.onAdd ? t('picker.title') : t('picker.chooseTitle')}
        </h2>
        <button type="button" onClick={props.onClose}>
          {t('picker.close')}
        </button>
      </div>
      <div role="search" aria-label={t('picker.search')} className="a-picker-filters">
        <div className="a-field">
          <label htmlFor={`${f}-q`}>{t('picker.text')}</label>
          <input ref={searchRef} type="search" maxLength={100} {...filterProps('q')} />
        </div>
        <div className="a-field">
          <label htmlFor={`${f}-card_type`}>{t('picker.game')}</label>
          <select {...filterProps('card_type')}>
            <option value="">{t('all')}</option>
            {types.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </div>
        <div className="a-field">
          <label htmlFor={`${f}-set`}>{t('picker.set')}</label>
          <input maxLength={40} placeholder={t('picker.setHint')} {...filterProps('set')} />
        </div>
        <div className="a-field">
          <label htmlFor={`${f}-rarity`}>{t('rarity')}</label>
          <select {...filterProps('rarity')}>
            <option value="">{t('all')}</option>
            {[0, 1, 2, 3].map((r) => (
              <option key={r} value={r}>
                {t(`rarities.${r}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="a-hint" aria-live="polite" data-testid="picker-status">
        {reply && !isOk(reply)
          ? t('admin-common:failed')
          : t('picker.found', { count: total, total: total.toLocaleString(), page, pages })}
      </p>
      <div style={{ overflowX: 'auto' }}>
        <table className="a-lineup a-picker-results">
          <caption className="a-skip">{t('picker.results')}</caption>
          <thead>
            <tr>
              <th scope="col">
                {props.onAdd ? t('picker.select') : <span className="a-skip">{t('picker.choose')}</span>}
              </th>
              <th scope="col">{t('image')}</th>
              <th scope="col">{t('name')}</th>
              <th scope="col">{t('rarity')}</th>
              <th scope="col" className="a-right">
                {t('picker.value')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((c) => {
              const listed = props.inLineup?.has(String(c.id)) ?? false;
              const name = cardName(c, i18n.language);
              return (
                <tr key={c.id} data-testid="picker-row">
                  <td>
                    {props.onAdd ? (
                      listed ? (
                        <small className="a-hint">{t('picker.inLineup')}</small>
                      ) : (
                        <input
                          type="checkbox"
                          aria-label={t('picker.selectCard', { name })}
                          checked={chosen.has(c.id)}
                          onChange={(e) => toggle(c, e.target.checked)}
                        />
                      )
                    ) : (
                      <button type="button" onClick={() => props.onChoose(c)}>
                        {t('picker.chooseCard', { name })}
                      </button>
                    )}
                  </td>
                  <td>{c.image_url ? <img className="a-thumb" src={c.image_url} alt="" loading="lazy" /> : '—'}</td>
                  <td>
                    {name}
                    <br />
                    <small className="a-hint">
                      #{c.id} {c.model_number}
                    </small>
                  </td>
                  <td>{t(`rarities.${c.rarity}`)}</td>
                  <td className="a-right">{c.buy_point.toLocaleString()}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="a-row" style={{ marginTop: 8 }}>
        <button type="button" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {t('picker.prev')}
        </button>
        <button type="button" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          {t('picker.next')}
        </button>
      </div>
      {props.onAdd ? (
        <div className="a-row a-picker-add">
          <div className="a-field" style={{ marginBottom: 0 }}>
            <label htmlFor={`${f}-rank`}>{t('picker.toRank')}</label>
            <select id={`${f}-rank`} value={rank} onChange={(e) => setRank(e.target.value as Rank)}>
              {RANK_ORDER.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </select>
          </div>
          <div className="a-field" style={{ marginBottom: 0 }}>
            <label htmlFor={`${f}-count`}>{t('picker.count')}</label>
            <input
              id={`${f}-count`}
              className="a-num"
              inputMode="numeric"
              value={count}
              onChange={(e) => setCount(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (chosen.size) add();
                }
              }}
              aria-invalid={countError || undefined}
              aria-describedby={countError ? `${f}-count-err` : undefined}
            />
            {countError ? (
              <small id={`${f}-count-err`} className="a-error" role="alert">
                {t('picker.countError')}
              </small>
            ) : null}
          </div>
          <button type="button" className="a-primary" disabled={chosen.size === 0} onClick={add}>
            {t('picker.add', { n: chosen.size, rank })}
          </button>
          <span role="status" className="a-hint">
            {added}
          </span>
        </div>
      ) : null}
    </section>
  );
}
