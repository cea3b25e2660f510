import type { ExchangeCardItem } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import styles from './CardListPages.module.css';
import page from './PackPages.module.css';
import { num } from '../../lib/format/datetime';

/** The one card of an exchange history row (the detail page), in the same small grid as drawn cards. */
export function ExchangedCard({
  card,
  converted,
  point,
}: {
  card: ExchangeCardItem;
  converted: boolean;
  point: number;
}) {
  const { t } = useTranslation('pack');
  return (
    <section className={page.panel} aria-labelledby="exchanged-card">
      <h2 id="exchanged-card" className={page.h2}>
        {t('history.exchangeCard')}
      </h2>
      <ul className={styles.mini}>
        <li>
          <img src={card.image_url} alt="" width={300} height={420} loading="lazy" draggable={false} />
          <span>{card.name}</span>
          <span style={{ color: 'var(--text-dim)' }}>
            {card.model_number ? `${card.model_number} ・ ` : ''}
            {t(`rarity.${card.rarity}`)}
          </span>
          {converted && <span>{t('history.exchangeConverted', { point: num(point) })}</span>}
        </li>
      </ul>
    </section>
  );
}
