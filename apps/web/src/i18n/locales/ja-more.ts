// The namespaces of the account, payment and legal pages, and every route's description (meta, read by
// hooks/use-page-meta.ts; the top page's comes from core): no first render of the top page needs them (i18n/index.ts).
// The files as they are (file name to strings): i18n/index.ts turns them into namespaces, so this chunk imports
// nothing and arrives without a second round trip.
export default import.meta.glob<Record<string, unknown>>(
  ['./ja/account.json', './ja/payment.json', './ja/legal.json', './ja/meta.json'],
  {
    eager: true,
    import: 'default',
  },
);
