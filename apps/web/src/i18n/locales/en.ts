import { byNamespace } from '../catalogue';

// Every namespace of this language in one chunk, loaded only when the language is in use (i18n/index.ts).
export default byNamespace(
  // programmes.json (issue 11) is fetched with its pages (i18n/lazy-namespaces.ts), not with every page.
  import.meta.glob<Record<string, unknown>>(['./en/*.json', '!./en/programmes.json'], {
    eager: true,
    import: 'default',
  }),
);
