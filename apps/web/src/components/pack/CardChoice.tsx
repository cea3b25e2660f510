import type { DrawnCard } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './CardChoice.module.css';
import { TicketLabel } from './TicketLabel';
import { num } from '../../lib/format/datetime';

/** One won card with its 'ship' checkbox; a no_reduction card is always shipped and cannot be unticked. */
export function CardChoice({
  card,
  selected,
  onToggle,
}: {
  card: DrawnCard;
  selected: boolean;
  onToggle: (id: number) => void;
}) {
  const { t } = useTranslation('pack');
  const locked = card.no_reduction === '1';
  const id = `ship-${card.history_id}`;
  return (
    <li className={`${styles.item} ${selected ? styles.on : ''}`}>
      <label htmlFor={id} className={styles.label}>
        <img src={card.image} alt="" width={300} height={420} loading="lazy" draggable={false} />
        <span className={styles.info}>
          <span className={styles.name}>{card.name}</span>
          <span className={styles.meta}>
            <span className={`${styles.rank} ${styles[`rank${card.rank}`]}`}>{card.rank}</span>{' '}
            {t(`rarity.${card.rarity}`)} ・ <TicketLabel card={card} />
          </span>
          <span className={styles.points}>
            {locked ? t('choice.noReduction') : t('choice.value', { amount: num(card.buy_point) })}
          </span>
        </span>
        <span className={styles.check}>
          <input
            id={id}
            type="checkbox"
            checked={selected || locked}
            disabled={locked}
            onChange={() => onToggle(card.history_id)}
            aria-describedby={locked ? `${id}-why` : undefined}
          />
          <span>{t('choice.ship')}</span>
        </span>
      </label>
      {locked && (
        <p id={`${id}-why`} className={styles.why}>
          {t('choice.lockedWhy')}
        </p>
      )}
    </li>
  );
}
