import type { DrawnCard } from '@oripa/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { cardTier } from '../../../lib/pack/reveal-order';
import styles from './Reveal.module.css';
import { TicketLabel } from '../TicketLabel';
import { num } from '../../../lib/format/datetime';

/**
 * One drawn card: its back until `revealed`, then it flips to the front with a glow by tier. Memoised: in a 100-draw
 * each flip used to render all hundred cards again, keeping the main thread busy when SKIP was tapped.
 */
export const RevealCard = memo(function RevealCard({
  card,
  revealed,
  spotlight,
  lazy,
}: {
  card: DrawnCard;
  revealed: boolean;
  spotlight?: boolean;
  /** In a long grid the pictures off screen load when scrolled to, not all at SKIP. */
  lazy?: boolean;
}) {
  const { t } = useTranslation('pack');
  const tier = cardTier(card);
  return (
    <div
      className={[
        styles.card,
        revealed && styles.flipped,
        styles[`cardTier${tier}`],
        // Rank effects (S gold foil, A silver glow; B and C none): Reveal.module.css .fxS / .fxA.
        styles[`fx${card.rank}`],
        spotlight && styles.spot,
      ]
        .filter(Boolean)
        .join(' ')}
      data-testid="reveal-card"
      data-revealed={revealed ? '1' : '0'}
    >
      <div className={styles.cardInner}>
        <div className={styles.cardBack} aria-hidden="true">
          <span className={styles.backStar}>★</span>
          <span className={styles.backLogo}>KIRAKIRA ORIPA</span>
        </div>
        <div className={styles.cardFront} aria-hidden={!revealed}>
          <img
            src={card.image}
            alt=""
            width={300}
            height={420}
            draggable={false}
            decoding="async"
            loading={lazy ? 'lazy' : undefined}
          />
          <span className={`${styles.cardRank} ${styles[`rank${card.rank}`]}`}>{card.rank}</span>
          <span className={styles.cardLabel}>
            <span className={styles.cardName}>{card.name}</span>
            <span className={styles.cardMeta}>
              <span>{t(`rarity.${card.rarity}`)}</span>
              <span className={styles.ticket}>
                <TicketLabel card={card} />
              </span>
            </span>
            <span className={styles.cardValue} data-testid="card-value">
              {t('reveal.value', { amount: num(card.buy_point) })}
            </span>
          </span>
        </div>
      </div>
      {revealed && (
        <span className="visually-hidden">
          {/* The last-one prize has no ticket of its own (num 0): it is read out as the prize instead. */}
          {t(card.last_one === '1' ? 'lastOne.cardSr' : 'reveal.cardSr', {
            rank: card.rank,
            rarity: t(`rarity.${card.rarity}`),
            name: card.name,
            num: card.num,
          })}
        </span>
      )}
    </div>
  );
});
