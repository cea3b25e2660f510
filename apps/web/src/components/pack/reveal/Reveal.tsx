import type { DrawnCard, PurchaseResult } from '@oripa/core';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PackOpening } from './PackOpening';
import { RevealCard } from './RevealCard';
import { bestTier, cardTier, flipPause, revealOrder } from '../../../lib/pack/reveal-order';
import { FIRST_FLIP_MS } from '../../../lib/pack/reveal-beats';
import { Spotlight } from './Spotlight';
import { SpotlightMovie } from './SpotlightMovie';
import { SoundIcon } from './SoundIcon';
import { ResultActions, ResultSummary } from './ResultSummary';
import { useReducedMotion } from '../../../hooks/use-reduced-motion';
import { useRevealSound } from '../../../hooks/pack/use-reveal-sound';
import { sortCards, type ResultSort } from '../../../lib/pack/result-summary';
import styles from './Reveal.module.css';

type Phase = 'ready' | 'opening' | 'cards' | 'done';

/** A rank-S card with its own movie gets the movie in its spotlight (tap to play) instead of the plain spotlight. */
const hasMovie = (card: DrawnCard) => card.rank === 'S' && card.movie_url !== '';

/**
 * The full-screen reveal: tap → the built-in opening → cards flip one after another, rare ones in the spotlight (a
 * rank-S card with a movie_url offers its movie there, tap to play, skippable) → the continue button. Skip jumps to
 * all cards face up.
 */
export function Reveal({ result, onFinish }: { result: PurchaseResult; onFinish: () => void }) {
  const { t } = useTranslation('pack');
  const reduced = useReducedMotion();
  const ordered = useMemo(() => revealOrder(result.cards), [result.cards]);
  const tier = bestTier(result.cards);
  const [phase, setPhase] = useState<Phase>('ready');
  const [revealed, setRevealed] = useState(0);
  const [spotlight, setSpotlight] = useState<DrawnCard | null>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const n = ordered.length;
  const sound = useRevealSound({ reducedMotion: reduced });
  // Said once the member toggles the sound, not on arrival (the button itself carries the state).
  const [soundNews, setSoundNews] = useState('');
  const toggleSound = () => {
    setSoundNews(t(sound.on ? 'reveal.soundTurnedOff' : 'reveal.soundTurnedOn'));
    sound.toggle();
  };
  const [sort, setSort] = useState<ResultSort>('reveal');
  const shown = useMemo(() => (phase === 'done' ? sortCards(ordered, sort) : ordered), [phase, ordered, sort]);

  const toCards = useCallback(() => setPhase((p) => (p === 'done' ? p : 'cards')), []);
  const skip = () => {
    setSpotlight(null);
    setRevealed(n);
    setPhase('done');
  };

  // One card at a time; a rare card holds the spotlight until it is dismissed.
  useEffect(() => {
    if (phase !== 'cards' || spotlight) return;
    if (revealed >= n) {
      setPhase('done');
      return;
    }
    const prev = ordered[revealed - 1];
    const delay = !prev ? FIRST_FLIP_MS : cardTier(prev) >= 2 ? 250 : flipPause(prev, n);
    const timer = setTimeout(() => {
      const card = ordered[revealed]!;
      if (cardTier(card) >= 2) setSpotlight(card);
      sound.cardShown(card);
      setRevealed(revealed + 1);
    }, delay);
    return () => clearTimeout(timer);
  }, [phase, revealed, spotlight, n, ordered, sound]);

  useEffect(() => {
    if (phase === 'done') nextRef.current?.focus();
  }, [phase]);

  // Keep the card that just flipped on screen in a long (100-card) reveal.
  const gridRef = useRef<HTMLUListElement>(null);
  useEffect(() => {
    if (phase !== 'cards' || revealed === 0) return;
    const item = gridRef.current?.children[revealed - 1] as HTMLElement | undefined;
    item?.scrollIntoView?.({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [phase, revealed, reduced]);

  const endSpotlight = useCallback(() => setSpotlight(null), []);
  const many = n > 20;
  // Once done, the cards lie flat (no 3D layers, no flip transition): after SKIP a hundred cards turning at once in
  // 3D cost a phone more in compositing (layerize, commit, paint) than everything else together.
  const gridClass = [n === 1 ? styles.single : many ? styles.many : '', phase === 'done' ? styles.settled : ''].join(
    ' ',
  );
  return (
    // The reveal is a bare page (no shared header or footer): it is its own main landmark.
    <main className={`${styles.screen} ${styles[`tier${tier}`]}`}>
      <h1 className="visually-hidden">{t('reveal.title', { title: result.title })}</h1>
      {(phase === 'ready' || phase === 'opening') && (
        <PackOpening
          title={result.title}
          tier={tier}
          opening={phase === 'opening'}
          reducedMotion={reduced}
          onStart={() => setPhase('opening')}
          onOpened={toCards}
        />
      )}
      {(phase === 'cards' || phase === 'done') && (
        // Scrolls on a phone: focusable so it scrolls from the keyboard too (axe scrollable-region-focusable).
        <div className={styles.result} tabIndex={0} role="region" aria-label={t('reveal.cardsLabel')}>
          <p className={styles.resultTitle} role="status">
            {phase === 'done' ? t('reveal.got', { count: n }) : t('reveal.progress', { done: revealed, total: n })}
          </p>
          {phase === 'done' && <ResultSummary result={result} sort={sort} onSort={setSort} />}
          <ul ref={gridRef} className={`${styles.grid} ${gridClass}`} style={{ listStyle: 'none', padding: 0 }}>
            {shown.map((c, i) => (
              <li key={c.history_id}>
                <RevealCard card={c} revealed={phase === 'done' || i < revealed} lazy={many} />
              </li>
            ))}
          </ul>
          {phase === 'done' && <ResultActions result={result} />}
        </div>
      )}
      <button
        type="button"
        className={styles.sound}
        aria-pressed={sound.on}
        onClick={toggleSound}
        data-testid="reveal-sound"
      >
        <SoundIcon on={sound.on} /> {t('reveal.sound')}
      </button>
      <p className="visually-hidden" role="status" data-testid="reveal-sound-news">
        {soundNews}
      </p>
      {spotlight &&
        phase === 'cards' &&
        (hasMovie(spotlight) ? (
          <SpotlightMovie card={spotlight} soundOn={sound.on} onDone={endSpotlight} />
        ) : (
          <Spotlight card={spotlight} total={n} onDone={endSpotlight} />
        ))}
      {phase !== 'done' && (
        <button type="button" className={styles.skip} onClick={skip}>
          {t('reveal.skip')}
        </button>
      )}
      {phase === 'done' && (
        <button ref={nextRef} type="button" className={styles.next} onClick={onFinish} data-testid="reveal-next">
          {result.is_buy_coin === '1' ? t('reveal.nextCoin') : t('reveal.next')}
        </button>
      )}
    </main>
  );
}
