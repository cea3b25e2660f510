// The namespaces the first render needs, in one chunk loaded only when the language is in use (i18n/index.ts).
// programmes.json (issue 11) is fetched with its pages (i18n/lazy-namespaces.ts); account, payment, legal and the
// routes' descriptions (meta) come in a second chunk (./en-more.ts) fetched right after the first render and
// awaited by the pages that use them, with the pack strings no page shows before a draw (i18n/pack-after-draw.ts).
// The files as they are (file name to strings): i18n/index.ts turns them into namespaces, so this chunk imports
// nothing and arrives without a second round trip. Of pack.json, the part before a draw (build/catalogue-parts.ts).
import packBeforeDraw from './en/pack.json?before-draw';

export default {
  ...import.meta.glob<Record<string, unknown>>(
    [
      './en/*.json',
      '!./en/pack.json',
      '!./en/programmes.json',
      '!./en/account.json',
      '!./en/payment.json',
      '!./en/legal.json',
      '!./en/meta.json',
    ],
    { eager: true, import: 'default' },
  ),
  './en/pack.json': packBeforeDraw,
};
