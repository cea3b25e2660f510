import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Where the server finds the strings (apps/server/src/routes/web/first-paint-member.ts), beside the build manifest. */
export const FIRST_PAINT_STRINGS_FILE = '.vite/first-paint-strings.json';

const LANGS = ['ja', 'en'] as const;

const myPageStrings = (lang: (typeof LANGS)[number]): Record<string, string> => {
  const account = JSON.parse(
    readFileSync(new URL(`../src/i18n/locales/${lang}/account.json`, import.meta.url), 'utf8'),
  ) as { myPage: Record<string, string> };
  return account.myPage;
};

/**
 * The server draws a member's /my-page before the code runs (issue 13: its largest element, the address, waited
 * for the whole app). It labels that picture with the page's own strings, taken from the catalogue at build time
 * and written beside the manifest, so a wording change in account.json reaches both and the server image ships no
 * source tree of the web app.
 */
export function firstPaintStrings(): Plugin {
  return {
    name: 'oripa:first-paint-strings',
    apply: 'build',
    generateBundle() {
      const strings = Object.fromEntries(LANGS.map((lang) => [lang, { myPage: myPageStrings(lang) }]));
      this.emitFile({ type: 'asset', fileName: FIRST_PAINT_STRINGS_FILE, source: JSON.stringify(strings) });
    },
  };
}
