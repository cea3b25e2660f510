import type { BannerItem } from '@oripa/core';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/layout/icons';
import { REDUCED_MOTION_QUERY, useMediaQuery } from '../../hooks/use-media-query';
import { AUTOPLAY_DELAY_MS, loopJump, realIndex, trackSlides, TRANSITION_MS } from './carousel-loop';
import styles from './BannerCarousel.module.css';

const SWIPE_PX = 40;

/**
 * The top banner carousel (spec section 2): autoplay every 2500 ms with an 800 ms slide, looping; arrows only at
 * 768 px or below (swipe works too), dots everywhere, link_url in a new tab. Autoplay pauses while hovered or
 * focused and can be stopped; with prefers-reduced-motion it starts stopped and slides without animation. A banner
 * with a caption (a picture without words) gets its words printed over the picture's left side.
 */
export function BannerCarousel({ banners }: { banners: BannerItem[] }) {
  const { t } = useTranslation('top');
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const count = banners.length;
  const [pos, setPos] = useState(1);
  const [animate, setAnimate] = useState(true);
  const [playing, setPlaying] = useState(!reducedMotion);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const moving = useRef(false);
  const touchX = useRef<number | null>(null);
  const current = realIndex(pos, count);
  const loop = count > 1;

  useEffect(() => {
    if (reducedMotion) setPlaying(false);
  }, [reducedMotion]);

  const go = (next: number) => {
    if (!loop || moving.current) return;
    moving.current = !reducedMotion;
    setAnimate(!reducedMotion);
    setPos(reducedMotion ? (loopJump(next, count) ?? next) : next);
  };

  // After a slide lands on a clone, jump to the real slide it shows, without animation.
  useEffect(() => {
    if (!loop) return;
    const id = setTimeout(
      () => {
        moving.current = false;
        const jump = loopJump(pos, count);
        if (jump !== null) {
          setAnimate(false);
          setPos(jump);
        }
      },
      reducedMotion ? 0 : TRANSITION_MS,
    );
    return () => clearTimeout(id);
  }, [pos, count, loop, reducedMotion]);

  const paused = !playing || hovered || focused;
  useEffect(() => {
    if (!loop || paused) return;
    const id = setTimeout(() => go(pos + 1), AUTOPLAY_DELAY_MS + (animate ? TRANSITION_MS : 0));
    return () => clearTimeout(id);
    // Keyed on the real slide: the silent clone jump must not restart the timer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, paused, loop]);

  const onTouchStart = (e: TouchEvent) => {
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    touchX.current = null;
    const end = e.changedTouches[0]?.clientX;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? pos + 1 : pos - 1);
  };

  if (count === 0) return null;
  const slides = trackSlides(banners);
  const offset = loop ? pos : pos - 1;

  return (
    <section
      className={styles.carousel}
      aria-roledescription="carousel"
      aria-label={t('carousel.label')}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div className={styles.viewport} onTouchStart={onTouchStart} onTouchEnd={onTouchEnd}>
        <div
          className={styles.track}
          aria-live={paused ? 'polite' : 'off'}
          style={{
            transform: `translateX(-${offset * 100}%)`,
            transition: animate && !reducedMotion ? `transform ${TRANSITION_MS}ms var(--ease-out)` : 'none',
          }}
        >
          {slides.map(({ item, clone, pos: p }, i) => {
            const visible = !clone && p - 1 === current;
            const label = t('carousel.slide', { index: p === 0 ? count : p > count ? 1 : p, total: count });
            // A picture drawn without words has its caption printed over it, as text of the page's language: the
            // picture is then decorative and the caption names the slide's link.
            const caption = item.caption ?? '';
            const image = (
              <>
                <img
                  src={item.file_name}
                  alt={caption ? '' : item.alt || label}
                  width={1200}
                  height={500}
                  className={styles.image}
                  draggable={false}
                  // The first slide is what the page shows first; the others (and the loop's clones, the first of
                  // which is the last banner) wait their turn instead of racing it (ImageCarousel's FirstImageLoad).
                  fetchPriority={p === 1 && !clone ? 'high' : 'low'}
                />
                {caption && <span className={styles.caption}>{caption}</span>}
              </>
            );
            return (
              <div
                key={`${p}-${i}`}
                className={styles.slide}
                role={clone ? undefined : 'group'}
                aria-roledescription={clone ? undefined : 'slide'}
                aria-label={clone ? undefined : label}
                aria-hidden={visible ? undefined : true}
                data-clone={clone || undefined}
              >
                {item.link_url ? (
                  <a href={item.link_url} target="_blank" rel="noopener noreferrer" tabIndex={visible ? 0 : -1}>
                    {image}
                    <span className="visually-hidden">{t('carousel.opensNewTab')}</span>
                  </a>
                ) : (
                  image
                )}
              </div>
            );
          })}
        </div>
      </div>
      {loop && (
        // The arrows sit in this row, beside the dots, not over the art: on a phone the banner is only 160 px tall
        // and an arrow over it covered its lettering.
        <div className={styles.controls}>
          <button
            type="button"
            className={`${styles.arrow} ${styles.prev}`}
            onClick={() => go(pos - 1)}
            aria-label={t('carousel.prev')}
          >
            <ChevronLeftIcon />
          </button>
          <button
            type="button"
            className={styles.play}
            onClick={() => setPlaying((p) => !p)}
            aria-label={playing ? t('carousel.pause') : t('carousel.play')}
          >
            <span className={playing ? styles.pauseIcon : styles.playIcon} aria-hidden="true" />
          </button>
          <div className={styles.dots}>
            {banners.map((b, i) => (
              <button
                key={`${b.file_name}-${i}`}
                type="button"
                className={styles.dot}
                aria-label={t('carousel.goTo', { index: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i + 1)}
              />
            ))}
          </div>
          <button
            type="button"
            className={`${styles.arrow} ${styles.next}`}
            onClick={() => go(pos + 1)}
            aria-label={t('carousel.next')}
          >
            <ChevronRightIcon />
          </button>
        </div>
      )}
    </section>
  );
}
