import type { DrawnCard } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './CardListPages.module.css';
import { TicketLabel } from '../../components/pack/TicketLabel';

/** A compact grid of cards (the confirm and history pages), or an empty note. */
export function MiniCards({ cards, empty, showPoints }: { cards: DrawnCard[]; empty: string; showPoints?: boolean }) {
  const { t } = useTranslation('pack');
  if (cards.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.mini}>
      {cards.map((c) => (
        <li key={c.history_id}>
          <img src={c.image} alt="" width={300} height={420} loading="lazy" draggable={false} />
          <span>{c.name}</span>
          <span style={{ color: 'var(--text-dim)' }}>
            {c.rank} ・ {t(`rarity.${c.rarity}`)} ・ <TicketLabel card={c} />
          </span>
          {showPoints && <span>{t('price.points', { amount: c.buy_point.toLocaleString() })}</span>}
        </li>
      ))}
    </ul>
  );
}
