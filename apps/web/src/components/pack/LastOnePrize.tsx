import type { LastOnePrize as Prize } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './LastOnePrize.module.css';
import { DROP_NS } from './drop-i18n';
import { num } from '../../lib/format/datetime';

/**
 * The pack's last-one prize (ラストワン賞) on the pack page: the card whoever draws the final ticket also gets, with
 * its value, and once it is won, who won it. It has no tickets, so it stands apart from the ranks and their odds.
 */
export function LastOnePrize({ prize }: { prize: Prize }) {
  const { t } = useTranslation('pack');
  return (
    <section className={styles.prize} aria-labelledby="last-one-title" data-testid="last-one-prize">
      <img src={prize.image_url} alt="" width={300} height={420} loading="lazy" draggable={false} />
      <div className={styles.text}>
        <h3 id="last-one-title" className={styles.title}>
          {t('lastOne.title')}
        </h3>
        <p className={styles.lead}>{t('lastOne.lead')}</p>
        <p className={styles.name}>{prize.name}</p>
        <p className={styles.meta}>
          {t(`rarity.${prize.rarity}`)}
          {prize.model_number && ` ・ ${prize.model_number}`}
        </p>
        <p className={styles.value}>{t('lineup.value', { amount: num(prize.buy_point) })}</p>
        <p className={styles.fairness}>{t(`${DROP_NS}:lastOneFairness`)}</p>
        {prize.winner && (
          <p className={styles.winner} data-testid="last-one-winner">
            {t('lastOne.winner', { member: prize.winner.member, date: prize.winner.created })}
          </p>
        )}
      </div>
    </section>
  );
}
