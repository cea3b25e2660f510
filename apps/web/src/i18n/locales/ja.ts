// The namespaces the first render needs, in one chunk loaded only when the language is in use (i18n/index.ts).
// programmes.json (issue 11) is fetched with its pages (i18n/lazy-namespaces.ts); account, payment, legal and the
// routes' descriptions (meta) come in a second chunk (./ja-more.ts) fetched right after the first render and
// awaited by the pages that use them, with the pack strings no page shows before a draw (i18n/pack-after-draw.ts).
// The files as they are (file name to strings): i18n/index.ts turns them into namespaces, so this chunk imports
// nothing and arrives without a second round trip. Of pack.json, the part before a draw (build/catalogue-parts.ts).
import packBeforeDraw from './ja/pack.json?before-draw';

export default {
  ...import.meta.glob<Record<string, unknown>>(
    [
      './ja/*.json',
      '!./ja/pack.json',
      '!./ja/programmes.json',
      '!./ja/account.json',
      '!./ja/payment.json',
      '!./ja/legal.json',
      '!./ja/meta.json',
    ],
    { eager: true, import: 'default' },
  ),
  './ja/pack.json': packBeforeDraw,
};
