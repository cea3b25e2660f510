import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { OPENING_MS, OPENING_REDUCED_MS } from '../../../lib/pack/reveal-beats';
import styles from './Reveal.module.css';

/**
 * The sealed pack: tapping it starts the opening. While opening it shakes, the top tears off and light bursts out
 * in the colour of the best card inside (tier 0..4), stronger for rarer cards.
 */
export function PackOpening({
  title,
  tier,
  opening,
  reducedMotion,
  onStart,
  onOpened,
}: {
  title: string;
  tier: number;
  opening: boolean;
  reducedMotion: boolean;
  onStart: () => void;
  onOpened: () => void;
}) {
  const { t } = useTranslation('pack');
  useEffect(() => {
    if (!opening) return;
    const timer = setTimeout(onOpened, reducedMotion ? OPENING_REDUCED_MS : OPENING_MS);
    return () => clearTimeout(timer);
  }, [opening, reducedMotion, onOpened]);
  return (
    <div className={`${styles.stage} ${styles[`tier${tier}`]} ${opening ? styles.opening : ''}`}>
      <div className={styles.rays} aria-hidden="true" />
      <div className={styles.burst} aria-hidden="true" />
      <div className={styles.pack} aria-hidden="true">
        <div className={styles.packTop} />
        <div className={styles.packBody}>
          <span className={styles.packStar}>★</span>
          <span className={`${styles.packTitle} keep-words`}>{title}</span>
          <span className={styles.packLogo}>KIRAKIRA ORIPA</span>
        </div>
      </div>
      <div className={styles.sparkles} aria-hidden="true">
        {Array.from({ length: 14 }, (_, i) => (
          <i key={i} style={{ ['--i' as string]: i }} />
        ))}
      </div>
      {!opening && (
        <button type="button" className={styles.tapOverlay} onClick={onStart} autoFocus>
          <span className={styles.tapText}>{t('reveal.tap')}</span>
        </button>
      )}
      {opening && (
        <p className="visually-hidden" role="status">
          {t('reveal.opening')}
        </p>
      )}
      {opening && <div className={styles.flash} aria-hidden="true" />}
    </div>
  );
}
