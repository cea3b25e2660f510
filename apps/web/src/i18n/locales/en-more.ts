import { byNamespace } from '../catalogue';

// The namespaces of the account, payment and legal pages: no first render of the top page needs them (i18n/index.ts).
export default byNamespace(
  import.meta.glob<Record<string, unknown>>(['./en/account.json', './en/payment.json', './en/legal.json'], {
    eager: true,
    import: 'default',
  }),
);
