import type { DrawnCard } from '@oripa/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './Reveal.module.css';

/** The spec's video start delay, counted from the tap on play. */
export const MOVIE_DELAY_MS = 300;

/**
 * A rank-S card's own movie (movie_url) in the spotlight: the card's picture as the poster and a play button — never
 * autoplay — then the movie inline (playsinline, so an iPhone does not jump to full screen), with its sound only when
 * the member's sound is on. "Skip movie" goes on to the next card at any time; the movie ending does too.
 */
export function SpotlightMovie({ card, soundOn, onDone }: { card: DrawnCard; soundOn: boolean; onDone: () => void }) {
  const { t } = useTranslation('pack');
  const [playing, setPlaying] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const playRef = useRef<HTMLButtonElement>(null);
  const skipRef = useRef<HTMLButtonElement>(null);
  // The spotlight covers the page: focus goes to its first control so the keyboard lands in it.
  useEffect(() => playRef.current?.focus(), []);
  useEffect(() => {
    if (!playing) return;
    // The play button goes away once tapped: the focus moves on to Skip rather than falling to the page.
    skipRef.current?.focus();
    const timer = setTimeout(() => {
      videoRef.current?.play().catch(onDone);
    }, MOVIE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [playing, onDone]);
  return (
    <div className={`${styles.spotlight} ${styles.tier4}`} data-testid="spotlight-movie">
      <span className={styles.rays} aria-hidden="true" />
      <span className={styles.spotCall} role="status">
        {t('reveal.call4')}
      </span>
      <div className={styles.movieFrame}>
        <video
          ref={videoRef}
          className={styles.cardMovie}
          src={card.movie_url}
          poster={card.image}
          playsInline
          muted={!soundOn}
          preload="none"
          onEnded={onDone}
          onError={playing ? onDone : undefined}
          aria-label={t('reveal.movieFor', { name: card.name })}
        />
        {!playing && (
          <button ref={playRef} type="button" className={styles.moviePlay} onClick={() => setPlaying(true)}>
            <span aria-hidden="true">▶</span> {t('reveal.moviePlay')}
          </button>
        )}
      </div>
      <button ref={skipRef} type="button" className={styles.movieSkip} onClick={onDone} data-testid="movie-skip">
        {t('reveal.movieSkip')}
      </button>
    </div>
  );
}
