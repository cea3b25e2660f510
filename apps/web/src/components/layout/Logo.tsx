import { SHOP_NAME } from '@oripa/core';
import { useId } from 'react';
import styles from './Logo.module.css';

/**
 * The KIRAKIRA ORIPA wordmark: a holographic four-point sparkle and the name in foil gold and pink, drawn as SVG
 * so it stays crisp at any size. textLength pins every word to its box, so the mark never clips whatever font
 * the device substitutes. `auto` switches to the stacked mark on narrow phones; decorative either way (the link
 * around it carries the accessible name).
 */
export function Logo({ className, variant = 'wide' }: { className?: string; variant?: 'wide' | 'auto' }) {
  // One id set per SVG: Chrome does not paint a gradient defined inside an SVG that is display:none.
  const id = useId().replace(/:/g, '');
  const [first = '', second = ''] = SHOP_NAME.en.split(' ');
  const defs = (gid: string) => (
    <defs>
      <linearGradient id={`${gid}-holo`} x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stopColor="#7cf3ff" />
        <stop offset="0.4" stopColor="#b69cff" />
        <stop offset="0.7" stopColor="#ff9bd2" />
        <stop offset="1" stopColor="#ffe38a" />
      </linearGradient>
      <linearGradient id={`${gid}-gold`} x1="0" y1="0" x2="0" y2="1">
        <stop offset="0" stopColor="#fff6cf" />
        <stop offset="0.5" stopColor="#ffcf4a" />
        <stop offset="1" stopColor="#e8981a" />
      </linearGradient>
    </defs>
  );
  const sparkle = (gid: string) => (
    <>
      <path
        d="M22 2 C24 14 28 18 40 20 C28 22 24 26 22 38 C20 26 16 22 4 20 C16 18 20 14 22 2Z"
        fill={`url(#${gid}-holo)`}
      />
      <path
        d="M37 31 C37.6 35 39 36.4 43 37 C39 37.6 37.6 39 37 43 C36.4 39 35 37.6 31 37 C35 36.4 36.4 35 37 31Z"
        fill="#fff"
      />
    </>
  );
  const word = { fontFamily: "'Arial Black','Segoe UI Black','Segoe UI',system-ui,sans-serif", fontWeight: 900 };
  const fit = { lengthAdjust: 'spacingAndGlyphs' } as const;
  const wide = (
    <svg
      className={`${className ?? ''} ${variant === 'auto' ? styles.wide : ''}`}
      viewBox="0 0 278 48"
      aria-hidden="true"
      focusable="false"
    >
      {defs(id)}
      {sparkle(id)}
      <text x="50" y="27" fontSize="22" {...word} {...fit} textLength="132" fill={`url(#${id}-gold)`}>
        {first}
      </text>
      <text x="190" y="27" fontSize="22" {...word} {...fit} textLength="86" fill="#ff6f9f">
        {second}
      </text>
      <text x="51" y="43" fontSize="10.5" fontWeight="700" {...fit} textLength="104" fill="#c9cdf0">
        {SHOP_NAME.ja}
      </text>
    </svg>
  );
  if (variant === 'wide') return wide;
  return (
    <>
      {wide}
      <svg className={`${className ?? ''} ${styles.compact}`} viewBox="0 0 156 48" aria-hidden="true" focusable="false">
        {defs(`${id}c`)}
        {sparkle(`${id}c`)}
        <text x="48" y="21" fontSize="19" {...word} {...fit} textLength="106" fill={`url(#${id}c-gold)`}>
          {first}
        </text>
        <text x="48" y="44" fontSize="19" {...word} {...fit} textLength="66" fill="#ff6f9f">
          {second}
        </text>
      </svg>
    </>
  );
}
