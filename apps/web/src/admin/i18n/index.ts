import type { Lang } from '@oripa/core';
import i18n, { lazyNamespaceLoaders } from '../../i18n';

/**
 * The console's texts: i18n/<lang>/<area>.json, loaded into i18next as the namespace `admin-<area>` (the storefront's
 * catalogue never carries them). Adding a file is enough. Only the language in use is fetched (main.tsx waits for it
 * before the first render; a language switch waits for the other): both languages in the first bundle took 80 kB
 * raw of the console's initial JavaScript budget (scripts/check-console-budget.ts).
 */
const files = import.meta.glob<Record<string, unknown>>('./{ja,en}/*.json', { import: 'default' });
const loaded = new Map<Lang, Promise<void>>();

export function loadConsoleStrings(lang: Lang): Promise<void> {
  let done = loaded.get(lang);
  if (!done) {
    done = Promise.all(
      Object.entries(files).map(async ([file, load]) => {
        const m = /\.\/(ja|en)\/([\w-]+)\.json$/.exec(file);
        if (m?.[1] === lang) i18n.addResourceBundle(lang, `admin-${m[2]!}`, await load(), true, true);
      }),
    ).then(() => undefined);
    done.catch(() => loaded.delete(lang));
    loaded.set(lang, done);
  }
  return done;
}
lazyNamespaceLoaders.push(loadConsoleStrings);

export default i18n;
