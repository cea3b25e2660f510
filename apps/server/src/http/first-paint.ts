import { escapeHtml } from './html-escape.ts';

/**
 * What a page shows before its JavaScript runs (issue 13): the header bar and the page's first picture (its LCP:
 * the first pack banner of the top page, a pack's first image) where the page will show them, under the build's
 * stylesheet, which index.html loads first anyway. React replaces it on its first render (createRoot empties
 * #root), so it cannot shift anything; the markup is decoration only (aria-hidden, empty alt) and never
 * interactive. On a phone the picture appears about a second earlier than when it waits for the code, the API
 * reply and React.
 */
export type FirstPaintLayout = 'top' | 'pack';

/** The sizes mirror the pages' own CSS (global.css --header-h/--gutter, TopPage, TopBanner, PackDetailPage). */
const STYLE = `<style>
      .fp{min-height:100vh}
      .fp-bar{height:var(--header-h,56px);border-bottom:1px solid rgb(255 255 255/6%)}
      .fp-main{max-width:var(--content,1120px);margin:0 auto;padding:0 var(--gutter,16px)}
      .fp-banner{aspect-ratio:12/5;max-width:var(--content,1120px);margin:20px auto 0;border-radius:12px;background:rgb(255 255 255/5%)}
      .fp-tabs{height:58px;margin-top:24px;border-radius:999px;background:rgb(255 255 255/5%)}
      .fp-ctx{height:44px}
      .fp-hero{display:block;width:100%;height:auto;aspect-ratio:16/9;object-fit:cover;border-radius:12px}
      .fp-top .fp-hero{margin-top:16px}
      .fp-pack .fp-hero{margin-top:16px}
    </style>`;

/** The `<style>` for the head and the markup for #root, or nothing when the page has no picture to show. */
export function firstPaint(
  layout: FirstPaintLayout,
  heroImage: string | undefined,
): { style: string; body: string } | null {
  if (!heroImage) return null;
  const img = `<img class="fp-hero" src="${escapeHtml(heroImage)}" alt="" width="800" height="450" fetchpriority="high" />`;
  const above = layout === 'top' ? '<div class="fp-banner"></div><div class="fp-tabs"></div>' : '';
  const context = layout === 'pack' ? '<div class="fp-ctx"></div>' : '';
  return {
    style: STYLE,
    body: `<div class="fp fp-${layout}" aria-hidden="true"><div class="fp-bar"></div>${context}${above ? `<div class="fp-main">${above}</div>` : ''}<div class="fp-main">${img}</div></div>`,
  };
}
