import type { CardTypeItem } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { PACK_FILTERS, PACK_SORTS, type PackFilter, type PackSort } from '../../lib/pack/pack-sort';
import styles from './PackListControls.module.css';

export interface PackListChoice {
  cardType: number;
  sort: PackSort;
  filter: PackFilter;
}

/** The pack list's game, sort and filter selects; the choice lives in the address (?index=&sort=&filter=). */
export function PackListControls({
  choice,
  cardTypes,
  onChange,
}: {
  choice: PackListChoice;
  cardTypes: CardTypeItem[];
  onChange: (next: PackListChoice) => void;
}) {
  const { t } = useTranslation('pack');
  return (
    <div className={styles.controls}>
      <label className={styles.control}>
        <span>{t('list.typeLabel')}</span>
        <select
          value={choice.cardType}
          onChange={(e) => onChange({ ...choice, cardType: Number(e.target.value) })}
          data-testid="list-type"
        >
          {cardTypes.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.control}>
        <span>{t('list.sortLabel')}</span>
        <select
          value={choice.sort}
          onChange={(e) => onChange({ ...choice, sort: e.target.value as PackSort })}
          data-testid="list-sort"
        >
          {PACK_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`list.sort.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.control}>
        <span>{t('list.filterLabel')}</span>
        <select
          value={choice.filter}
          onChange={(e) => onChange({ ...choice, filter: e.target.value as PackFilter })}
          data-testid="list-filter"
        >
          {PACK_FILTERS.map((f) => (
            <option key={f} value={f}>
              {t(`list.filter.${f}`)}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
