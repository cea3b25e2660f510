// The namespaces of the account, payment and legal pages, and every route's description (meta, read by
// hooks/use-page-meta.ts; the top page's comes from core): no first render of the top page needs them (i18n/index.ts).
// With them, the pack strings of what follows a draw (the reveal, the choice to ship, the history): only lazy pages
// show them, and those wait for this chunk (routes/lazy-page.ts). i18n/index.ts merges them into the pack namespace.
// The files as they are (file name to strings): i18n/index.ts turns them into namespaces, so this chunk imports
// nothing and arrives without a second round trip.
import packAfterDraw from './en/pack.json?after-draw';

export default {
  ...import.meta.glob<Record<string, unknown>>(
    ['./en/account.json', './en/payment.json', './en/legal.json', './en/meta.json'],
    { eager: true, import: 'default' },
  ),
  './en/pack.json#after-draw': packAfterDraw,
};
