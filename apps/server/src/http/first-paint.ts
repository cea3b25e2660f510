import { escapeHtml } from './html-escape.ts';

/**
 * What a page shows before its JavaScript runs (issue 13): the header bar and the page's first picture (its LCP:
 * the first pack banner of the top page, a pack's first image) where the page will show them, styled by the
 * build's stylesheet, which index.html loads first anyway. React replaces it on its first render (createRoot
 * empties #root), so it cannot shift anything; the markup is decoration only (aria-hidden, empty alt) and never
 * interactive. On a phone the picture appears about a second earlier than when it waits for the code, the API
 * reply and React.
 */
export type FirstPaintLayout = 'top' | 'pack';

/**
 * The markup for #root, or null when the page has no picture to show. Its classes are styled by the build's own
 * stylesheet (apps/web/src/styles/first-paint.css): the shop's CSP allows no inline style.
 */
export function firstPaint(layout: FirstPaintLayout, heroImage: string | undefined): string | null {
  if (!heroImage) return null;
  const img = `<img class="fp-hero" src="${escapeHtml(heroImage)}" alt="" width="800" height="450" fetchpriority="high" />`;
  const above =
    layout === 'top'
      ? '<div class="fp-banner"></div><div class="fp-main"><div class="fp-tabs"></div></div>'
      : '<div class="fp-context"></div>';
  return `<div class="fp fp-${layout}" aria-hidden="true"><div class="fp-bar"></div>${above}<div class="fp-main">${img}</div></div>`;
}
