import { SHOP_NAME } from '@oripa/core';
import { useId } from 'react';

/**
 * The KIRAKIRA ORIPA wordmark: a holographic four-point sparkle and the name in foil gold and pink, drawn as SVG
 * so it stays crisp at any size. Decorative: the link around it carries the accessible name.
 */
export function Logo({ className }: { className?: string }) {
  const id = useId().replace(/:/g, '');
  const [first = '', second = ''] = SHOP_NAME.en.split(' ');
  return (
    <svg className={className} viewBox="0 0 236 48" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={`${id}-holo`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7cf3ff" />
          <stop offset="0.4" stopColor="#b69cff" />
          <stop offset="0.7" stopColor="#ff9bd2" />
          <stop offset="1" stopColor="#ffe38a" />
        </linearGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff6cf" />
          <stop offset="0.5" stopColor="#ffcf4a" />
          <stop offset="1" stopColor="#e8981a" />
        </linearGradient>
      </defs>
      <path
        d="M22 2 C24 14 28 18 40 20 C28 22 24 26 22 38 C20 26 16 22 4 20 C16 18 20 14 22 2Z"
        fill={`url(#${id}-holo)`}
      />
      <path
        d="M37 31 C37.6 35 39 36.4 43 37 C39 37.6 37.6 39 37 43 C36.4 39 35 37.6 31 37 C35 36.4 36.4 35 37 31Z"
        fill="#fff"
      />
      <text
        x="50"
        y="27"
        fontFamily="'Arial Black','Segoe UI',system-ui,sans-serif"
        fontSize="22"
        fontWeight="900"
        letterSpacing="0.5"
        fill={`url(#${id}-gold)`}
      >
        {first}
        <tspan fill="#ff6f9f" dx="5">
          {second}
        </tspan>
      </text>
      <text
        x="51"
        y="43"
        fontFamily="'Noto Sans JP','Hiragino Sans',sans-serif"
        fontSize="10.5"
        fontWeight="700"
        letterSpacing="3.2"
        fill="#c9cdf0"
      >
        {SHOP_NAME.ja}
      </text>
    </svg>
  );
}
