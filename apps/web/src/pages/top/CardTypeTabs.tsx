import type { CardTypeItem } from '@oripa/core';
import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './TopPage.module.css';

export const tabId = (id: number) => `card-type-tab-${id}`;
export const panelId = (id: number) => `card-type-panel-${id}`;

/**
 * The card-game tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys and Home/End move and select.
 */
export function CardTypeTabs({
  types,
  selected,
  onSelect,
}: {
  types: CardTypeItem[];
  selected: number;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('top');
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const last = types.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : e.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    onSelect(types[to]!.id);
    refs.current[to]?.focus();
  };
  return (
    <div className={styles.tabs} role="tablist" aria-label={t('tabs.label')}>
      {types.map((c, i) => {
        const active = c.id === selected;
        return (
          <button
            key={c.id}
            ref={(el) => {
              refs.current[i] = el;
            }}
            id={tabId(c.id)}
            type="button"
            role="tab"
            className={styles.tab}
            aria-selected={active}
            aria-controls={panelId(c.id)}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(c.id)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            <span className={styles.tabName}>{c.name}</span>
            {c.coming_soon === '1' && <span className={styles.tabBadge}>{t('comingSoon.badge')}</span>}
          </button>
        );
      })}
    </div>
  );
}
