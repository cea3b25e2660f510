import type { DrawnCard } from '@oripa/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RevealCard } from './RevealCard';
import { cardTier, flipPause } from '../../../lib/pack/reveal-order';
import { SPOTLIGHT_TEASE_MS } from '../../../lib/pack/reveal-beats';
import styles from './Reveal.module.css';

/** A rare card shown large over rays in its colour; it flips after a short tease and leaves by itself or on a tap. */
export function Spotlight({ card, total, onDone }: { card: DrawnCard; total: number; onDone: () => void }) {
  const { t } = useTranslation('pack');
  const [shown, setShown] = useState(false);
  const tier = cardTier(card);
  useEffect(() => {
    const flip = setTimeout(() => setShown(true), SPOTLIGHT_TEASE_MS);
    const done = setTimeout(onDone, SPOTLIGHT_TEASE_MS + flipPause(card, total) + 600);
    return () => {
      clearTimeout(flip);
      clearTimeout(done);
    };
  }, [card, total, onDone]);
  return (
    <button
      type="button"
      className={`${styles.spotlight} ${styles[`tier${tier}`]}`}
      onClick={onDone}
      style={{ border: 'none', color: 'inherit', font: 'inherit' }}
    >
      <span className={styles.rays} aria-hidden="true" />
      {shown && card.rank === 'S' && (
        <span className={styles.goldBurst} aria-hidden="true">
          {Array.from({ length: 16 }, (_, i) => (
            <i key={i} style={{ ['--i' as string]: i }} />
          ))}
        </span>
      )}
      {shown && (
        <span className={styles.spotCall} role="status">
          {t(`reveal.call${tier}`)}
        </span>
      )}
      <RevealCard card={card} revealed={shown} spotlight />
      {/* Named by what it shows, then what it does (an aria-label would hide the call and the card). */}
      <span className="visually-hidden">{t('reveal.continue')}</span>
    </button>
  );
}
