import { byNamespace } from '../catalogue';

// Every namespace of this language in one chunk, loaded only when the language is in use (i18n/index.ts).
export default byNamespace(
  import.meta.glob<Record<string, unknown>>('./ja/*.json', { eager: true, import: 'default' }),
);
