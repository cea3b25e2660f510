import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { translateMessage, type Lang } from '@oripa/core';

/**
 * Catalogues live in locales/<lang>/<namespace>.json, one namespace per feature (common, layout, account, …).
 * Adding a file is enough: they are picked up here. Validation messages come from @oripa/core's table.
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [file, mod] of Object.entries(files)) {
  const m = /\.\/locales\/(\w+)\/([\w-]+)\.json$/.exec(file);
  if (!m) continue;
  const [, lang, ns] = m as unknown as [string, string, string];
  (resources[lang] ??= {})[ns] = mod.default;
}
export const namespaces = Object.keys(resources.ja ?? {});

const STORAGE_KEY = 'lang';

export function initialLanguage(): Lang {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'ja' || saved === 'en') return saved;
  } catch {
    // Storage can be blocked (private mode); fall through to Japanese.
  }
  return 'ja';
}

function rememberLanguage(lang: Lang) {
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
    resources,
    lng: initialLanguage(),
    fallbackLng: 'ja',
    ns: namespaces,
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
rememberLanguage(i18n.language as Lang);
i18n.on('languageChanged', (lng) => rememberLanguage(lng as Lang));

export const currentLang = (): Lang => (i18n.language === 'en' ? 'en' : 'ja');

/** Translates a message key from the core schemas (e.g. 'passFormat' or 'tooLong|{"max":20}'). */
export const tMessage = (key: string | undefined) => (key ? translateMessage(currentLang(), key) : '');

export { resources };
export default i18n;
