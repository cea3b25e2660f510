import { byNamespace } from '../catalogue';

// The namespaces of the account, payment and legal pages: no first render of the top page needs them (i18n/index.ts).
export default byNamespace(
  import.meta.glob<Record<string, unknown>>(['./ja/account.json', './ja/payment.json', './ja/legal.json'], {
    eager: true,
    import: 'default',
  }),
);
