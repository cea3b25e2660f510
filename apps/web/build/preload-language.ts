import type { Plugin } from 'vite';

/** The module whose chunk holds a language's catalogue (i18n/index.ts imports it on demand). */
export const catalogueModule = (lang: 'ja' | 'en') => `src/i18n/locales/${lang}.ts`;

/**
 * index.html preloads the Japanese catalogue (the default language) beside the entry, so the first render does
 * not wait for a second round trip; the server swaps in the English chunk for a visitor whose `lang` cookie is en
 * (page-meta.ts, by the manifest).
 */
export function preloadLanguage(): Plugin {
  return {
    name: 'oripa:preload-language',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(catalogueModule('ja')),
        );
        if (!chunk) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}`, 'data-catalogue': 'ja' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
