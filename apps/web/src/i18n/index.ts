import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Lang } from '@oripa/core';
import { afterLoad } from '../lib/after-load';
import { nextTask } from '../lib/next-task';
import { byNamespace } from './catalogue';
import { saveChosenLanguage } from './start-language';

/**
 * Catalogues live in locales/<lang>/<namespace>.json, one namespace per feature (common, layout, account, …).
 * Adding a file is enough: locales/<lang>.ts picks it up. Each language is its own chunk and only the one in
 * use is fetched (the entry stays small; index.html preloads Japanese, the server swaps in English when the visitor
 * reads English). Validation messages come from @oripa/core's table.
 */
type Loader = () => Promise<{ default: Record<string, Record<string, unknown>> }>;
const catalogues: Record<Lang, Loader> = {
  ja: () => import('./locales/ja.ts'),
  en: () => import('./locales/en.ts'),
};
/** account, payment, legal and meta (issue 13: not in the top page's first bundle); see moreStrings below. */
const moreCatalogues: Record<Lang, Loader> = {
  ja: () => import('./locales/ja-more.ts'),
  en: () => import('./locales/en-more.ts'),
};
const loading = new Map<string, Promise<void>>();

/** Fetches one catalogue chunk once and hands it to i18next; later calls wait for the same fetch. */
function loadChunk(key: string, lang: Lang, loader: Loader): Promise<void> {
  let p = loading.get(key);
  if (!p) {
    p = loader().then(({ default: files }) => {
      for (const [ns, strings] of Object.entries(byNamespace(files))) {
        i18n.addResourceBundle(lang, ns, strings, true, true);
      }
    });
    p.catch(() => loading.delete(key));
    loading.set(key, p);
  }
  return p;
}

/** The namespaces the first render needs (common, layout, top, pack, titles). */
const loadFirstStrings = (lang: Lang) => loadChunk(lang, lang, catalogues[lang]);
/** The validation and error messages tMessage reads; null until their chunk is here (see moreStrings). */
let translateMessage: ((lang: Lang, key: string) => string) | null = null;
let loadingMessages: Promise<void> | null = null;
function loadMessages(): Promise<void> {
  loadingMessages ??= import('./messages').then(
    (m) => void (translateMessage = m.translateMessage),
    (error: unknown) => {
      loadingMessages = null;
      throw error;
    },
  );
  return loadingMessages;
}

/** The account, payment, legal and meta namespaces, and the validation messages. */
const loadMoreStrings = (lang: Lang) =>
  Promise.all([loadChunk(`${lang}-more`, lang, moreCatalogues[lang]), loadMessages()]).then(() => undefined);

/** Every namespace of a language but the lazily registered ones (tests, the console, a language switch). */
export function loadLanguage(lang: Lang): Promise<void> {
  return Promise.all([loadFirstStrings(lang), loadMoreStrings(lang)]).then(() => undefined);
}

/**
 * The current language's account, payment, legal and meta strings: lazy pages (routes/lazy-page.ts) and lazily loaded
 * components that use them wait for this with their code, so none renders a raw key.
 */
export const moreStrings = (): Promise<void> => loadMoreStrings(currentLang());

/**
 * Switches the language once its catalogue is here, so no key flashes untranslated. A switch the visitor pressed is
 * kept as their choice (the console starts in it next time); `chosen: false` is a start-up switch, not a choice.
 */
export async function switchLanguage(lang: Lang, { chosen = true } = {}): Promise<void> {
  await Promise.all([loadLanguage(lang), ...lazyNamespaceLoaders.map((load) => load(lang))]);
  await i18n.changeLanguage(lang);
  if (chosen) saveChosenLanguage(lang);
}

/**
 * Namespaces kept out of the language chunk (the top page's first bundle) and fetched by the features that need
 * them (i18n/lazy-namespaces.ts registers each once used): a language switch waits for them too.
 */
export const lazyNamespaceLoaders: ((lang: Lang) => Promise<void>)[] = [];

const STORAGE_KEY = 'lang';

export function initialLanguage(): Lang {
  // A page the server drew (entry-server.tsx) starts in the language it was drawn in, so hydration matches it.
  const drawn = typeof document === 'undefined' ? undefined : document.getElementById('root')?.dataset.lang;
  if (drawn === 'ja' || drawn === 'en') return drawn;
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'ja' || saved === 'en') return saved;
  } catch {
    // Storage can be blocked (private mode); fall through to Japanese.
  }
  return 'ja';
}

function rememberLanguage(lang: Lang) {
  // The server's render switches its one instance per page: nothing of the visitor's to remember there.
  if (typeof document === 'undefined') return;
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // Not remembered across visits then; the cookie below still tells the server.
  }
  // The server answers in this language (error messages); it reads this cookie.
  document.cookie = `lang=${lang}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = lang;
}

/**
 * The spec: an untranslated English string is logged in the console. A key missing only from the English catalogue
 * still shows its Japanese fallback, so i18next's missing-key hook never fires for it; this post-processor checks
 * the English catalogue alone on every English lookup.
 */
const reportUntranslatedEnglish = {
  type: 'postProcessor' as const,
  name: 'reportUntranslatedEnglish',
  process(value: string, key: string | string[], options: Record<string, unknown>, translator: { language?: string }) {
    const lng = (options.lng as string | undefined) ?? translator.language ?? i18n.language;
    const k = Array.isArray(key) ? key[0] : key;
    if (lng === 'en' && k && !i18n.exists(k, { ...options, lngs: ['en'] })) {
      const ns = Array.isArray(options.ns) ? options.ns[0] : (options.ns ?? 'common');
      console.warn(`[i18n] missing en string: ${k.includes(':') ? k : `${String(ns)}:${k}`}`);
    }
    return value;
  },
};

void i18n
  .use(initReactI18next)
  .use(reportUntranslatedEnglish)
  .init({
    postProcess: ['reportUntranslatedEnglish'],
    // Filled by loadLanguage; with no backend i18next treats every language as loaded and never fetches.
    resources: {},
    partialBundledLanguages: true,
    lng: initialLanguage(),
    // Only when Japanese is loaded too (tests, or after a switch); an English visitor fetches English alone.
    fallbackLng: 'ja',
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    saveMissing: true,
    // The spec: an untranslated English string is logged in the console.
    // Keys missing in every language; English lookups are reported by the post-processor above instead.
    missingKeyHandler: (lngs, ns, key) => {
      if (i18n.language !== 'en') console.warn(`[i18n] missing ${lngs.join(',')} string: ${ns}:${key}`);
    },
  });
// The starting language is already the page's (the server drew it in it, <html lang>) and the server's choice; it is
// remembered in a task of its own once the page has loaded: a page's first use of localStorage waits for the browser
// process, 9-107 ms at 1x measured in the app's first task (ADR 0061).
if (typeof document !== 'undefined') {
  afterLoad(() => void nextTask().then(() => rememberLanguage(currentLang())));
}
i18n.on('languageChanged', (lng) => rememberLanguage(lng as Lang));

/**
 * Resolves once the starting language's first-render strings are in: main.tsx renders after it. The rest of the
 * language is fetched at once but not waited for (pages that need it wait through moreStrings).
 */
export const i18nReady = loadFirstStrings(i18n.language === 'en' ? 'en' : 'ja');
void loadMoreStrings(i18n.language === 'en' ? 'en' : 'ja').catch(() => undefined);

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'ja');

/**
 * Translates a message key from the core schemas (e.g. 'passFormat' or 'tooLong|{"max":20}'). Its callers are
 * forms on lazy pages and components, which wait for moreStrings (and so for the table) before they render.
 */
export const tMessage = (key: string | undefined) =>
  key ? (translateMessage ? translateMessage(currentLang(), key) : key) : '';

export default i18n;
