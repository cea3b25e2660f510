import type { DrawnCard } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './LastOnePrize.module.css';

/**
 * A drawn card's ticket number; on the last-one prize, which came with the final ticket and has no number of its
 * own, the last-one mark instead.
 */
export function TicketLabel({ card }: { card: Pick<DrawnCard, 'num' | 'last_one'> }) {
  const { t } = useTranslation('pack');
  if (card.last_one === '1') {
    return (
      <span className={styles.mark} data-testid="last-one-mark">
        {t('lastOne.title')}
      </span>
    );
  }
  return <>{t('reveal.ticket', { num: card.num })}</>;
}
