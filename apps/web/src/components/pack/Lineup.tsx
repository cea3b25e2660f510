import { RANK_ORDER, type LastOnePrize as Prize, type LineupCard, type Rank } from '@oripa/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../ui/Modal';
import { LastOnePrize } from './LastOnePrize';
import styles from './Lineup.module.css';
import { num } from '../../lib/format/datetime';

/** The lineup by rank S/A/B/C, after the last-one prize if the pack has one; a card opens a popup with its large image. */
export function Lineup({
  lineup,
  remaining,
  lastOne,
}: {
  lineup: Record<Rank, LineupCard[]>;
  remaining?: Record<Rank, number>;
  lastOne?: Prize | null;
}) {
  const { t } = useTranslation('pack');
  const [open, setOpen] = useState<LineupCard | null>(null);
  return (
    <div className={styles.lineup}>
      {lastOne && <LastOnePrize prize={lastOne} />}
      {RANK_ORDER.filter((r) => (lineup[r] ?? []).length > 0).map((rank) => (
        <section key={rank} className={styles.rank} aria-labelledby={`rank-${rank}`}>
          <h3 id={`rank-${rank}`} className={styles.rankHead}>
            <span className={`${styles.rankMark} ${styles[`r${rank}`]}`}>{rank}</span>
            <span>{t('lineup.rankTitle', { rank })}</span>
            {remaining && (
              <span className={styles.rankLeft}>{t('lineup.rankLeft', { count: remaining[rank] ?? 0 })}</span>
            )}
          </h3>
          <ul className={styles.cards}>
            {lineup[rank].map((card) => (
              <li key={card.id}>
                <button type="button" className={styles.card} onClick={() => setOpen(card)} aria-haspopup="dialog">
                  <img src={card.image_url} alt="" width={300} height={420} loading="lazy" draggable={false} />
                  <span className={styles.cardName}>{card.name}</span>
                  <span className={styles.cardMeta}>
                    <span className={`${styles.rarity} ${styles[`rar${card.rarity}`]}`}>
                      {t(`rarity.${card.rarity}`)}
                    </span>
                    <span>{t('lineup.setCount', { count: card.set_count })}</span>
                  </span>
                  <span className={styles.model}>{card.model_number}</span>
                  <span className={styles.value}>{t('lineup.value', { amount: num(card.buy_point) })}</span>
                  {/* Named by what it shows (WCAG 2.5.3), then what it does. */}
                  <span className="visually-hidden">{t('lineup.enlarge')}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <Modal open={open !== null} title={open?.name ?? ''} onClose={() => setOpen(null)}>
        {open && (
          <figure className={styles.popup}>
            <img src={open.image_url} alt={open.name} width={300} height={420} draggable={false} />
            <figcaption>
              <dl>
                <dt>{t('lineup.rank')}</dt>
                <dd>{open.rank}</dd>
                <dt>{t('lineup.rarity')}</dt>
                <dd>{t(`rarity.${open.rarity}`)}</dd>
                <dt>{t('lineup.model')}</dt>
                <dd>{open.model_number}</dd>
                <dt>{t('lineup.valueLabel')}</dt>
                <dd>{t('price.points', { amount: num(open.buy_point) })}</dd>
                <dt>{t('lineup.count')}</dt>
                <dd>{t('lineup.setCount', { count: open.set_count })}</dd>
              </dl>
            </figcaption>
          </figure>
        )}
      </Modal>
    </div>
  );
}
