import { useTranslation } from 'react-i18next';
import { PACK_FILTERS, PACK_SORTS, type PackFilter, type PackSort } from '../../lib/pack/pack-sort';
import styles from './PackListControls.module.css';

/** The pack list's sort and filter selects; the choice lives in the address (?sort=&filter=). */
export function PackListControls({
  sort,
  filter,
  onChange,
}: {
  sort: PackSort;
  filter: PackFilter;
  onChange: (next: { sort: PackSort; filter: PackFilter }) => void;
}) {
  const { t } = useTranslation('pack');
  return (
    <div className={styles.controls}>
      <label className={styles.control}>
        <span>{t('list.sortLabel')}</span>
        <select value={sort} onChange={(e) => onChange({ sort: e.target.value as PackSort, filter })}>
          {PACK_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`list.sort.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.control}>
        <span>{t('list.filterLabel')}</span>
        <select value={filter} onChange={(e) => onChange({ sort, filter: e.target.value as PackFilter })}>
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
