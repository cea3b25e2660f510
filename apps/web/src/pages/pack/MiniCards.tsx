import type { DrawnCard } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './CardListPages.module.css';
import { TicketLabel } from '../../components/pack/TicketLabel';
import { num } from '../../lib/format/datetime';

/**
 * A compact grid of cards (the confirm and history pages), or an empty note. Under each card, rank, rarity and
 * ticket number fit one line of a 100 px column: the rarity as the card games write it short (N, R, SR, UR; read
 * out in full), since "C ・ ノーマル ・ No.47" left the number alone on a second line.
 */
export function MiniCards({ cards, empty, showPoints }: { cards: DrawnCard[]; empty: string; showPoints?: boolean }) {
  const { t } = useTranslation('pack');
  if (cards.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <ul className={styles.mini}>
      {cards.map((c) => (
        <li key={c.history_id}>
          <img src={c.image} alt="" width={300} height={420} loading="lazy" draggable={false} />
          <span>{c.name}</span>
          <span className={styles.miniMeta}>
            {c.rank} ・ <span aria-hidden="true">{t(`rarityShort.${c.rarity}`)}</span>
            <span className="visually-hidden">{t(`rarity.${c.rarity}`)}</span> ・{' '}
            <span className={styles.ticket}>
              <TicketLabel card={c} />
            </span>
          </span>
          {showPoints && <span>{t('price.points', { amount: num(c.buy_point) })}</span>}
        </li>
      ))}
    </ul>
  );
}
