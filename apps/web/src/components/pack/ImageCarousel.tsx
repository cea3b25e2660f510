import { useEffect, useState } from 'react';
import styles from './ImageCarousel.module.css';

/** Pack images rotate: each stays 2000 ms, then a 1000 ms cross-fade to the next (spec section 9). */
export const CAROUSEL_DELAY_MS = 2000;
export const CAROUSEL_ANIMATION_MS = 1000;

/**
 * How the first picture loads. The server's render preloads the first ten eager pictures of a page in the head, in
 * document order, so a list of packs sent its pictures in a race with the one the phone shows first (Lighthouse's
 * LCP). 'high': the page's main picture (pack detail, the first pack of a list); 'lazy': a pack further down the list,
 * loaded as it nears the screen; 'auto': the browser decides.
 */
export type FirstImageLoad = 'high' | 'auto' | 'lazy';

/** A list's pack at `index`: the first is the one a phone shows first, two more fit a desktop's first row. */
export const listImageLoad = (index: number): FirstImageLoad => (index === 0 ? 'high' : index < 3 ? 'auto' : 'lazy');

export function ImageCarousel({
  images,
  alt,
  firstLoad = 'auto',
}: {
  images: string[];
  alt: string;
  firstLoad?: FirstImageLoad;
}) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  useEffect(() => {
    if (count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_DELAY_MS + CAROUSEL_ANIMATION_MS);
    return () => clearInterval(timer);
  }, [count]);
  if (count === 0) return <div className={styles.frame} aria-hidden="true" />;
  return (
    <div className={styles.frame}>
      {images.map((src, i) => (
        <img
          key={`${src}-${i}`}
          src={src}
          alt={i === 0 ? alt : ''}
          width={800}
          height={450}
          aria-hidden={i === 0 ? undefined : true}
          className={styles.slide}
          style={{ opacity: i === index ? 1 : 0, transitionDuration: `${CAROUSEL_ANIMATION_MS}ms` }}
          loading={i === 0 && firstLoad !== 'lazy' ? 'eager' : 'lazy'}
          fetchPriority={i === 0 && firstLoad === 'high' ? 'high' : undefined}
          draggable={false}
        />
      ))}
      {count > 1 && (
        <div className={styles.dots} aria-hidden="true">
          {images.map((src, i) => (
            <span key={`${src}-${i}`} className={i === index ? styles.dotOn : styles.dot} />
          ))}
        </div>
      )}
    </div>
  );
}
