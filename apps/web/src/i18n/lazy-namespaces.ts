import type { Lang } from '@oripa/core';
import i18n from 'i18next';
import { currentLang, lazyNamespaceLoaders } from './index';

/**
 * The member programmes' strings (locales/<lang>/programmes.json, issue 11) in a chunk of their own: the pages
 * and modals that use them load them first, so the top page's first bundle does not carry them.
 */
const files = import.meta.glob<Record<string, unknown>>('./locales/*/programmes.json', { import: 'default' });
const loading = new Map<Lang, Promise<void>>();

function load(lang: Lang): Promise<void> {
  let p = loading.get(lang);
  if (!p) {
    p = files[`./locales/${lang}/programmes.json`]!().then((strings) => {
      i18n.addResourceBundle(lang, 'programmes', strings, true, true);
    });
    p.catch(() => loading.delete(lang));
    loading.set(lang, p);
  }
  return p;
}

let registered = false;

/** Loads the programmes namespace for `lang` (the current language by default); a language switch loads it too. */
export function loadProgrammesStrings(lang: Lang = currentLang()): Promise<void> {
  if (!registered) {
    registered = true;
    lazyNamespaceLoaders.push(load);
  }
  return load(lang);
}
