import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogueFileParts } from './build/catalogue-parts.ts';
import { eagerModuleWrappersPlugin } from './build/eager-module-wrappers.ts';
import { loadCodeAfterPaint } from './build/load-code-after-paint.ts';
import { precompress } from './build/precompress.ts';
import { preloadLanguage } from './build/preload-language.ts';
import { preloadStartChunks } from './build/preload-start-chunks.ts';

/** index.html and the module it loads: the build's entry (see codeSplitting below). */
const ENTRY = /[\\/](index\.html|src[\\/]main\.tsx)$/;
/** React DOM's modules: a chunk of their own, which main.tsx imports in a task of its own (see codeSplitting below). */
const REACT_DOM = /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/;

/**
 * The storefront's own small i18next and useTranslation (ADR 0029: ~15 kB brotli less on the first load); the
 * console's build and the unit tests keep the libraries, and src/i18n/tiny/i18next-parity.test.ts holds the two to
 * the same texts. The server's render (vite.ssr.config.ts) uses the same, so it draws what the browser draws.
 */
export const storefrontResolve = {
  alias: [
    { find: /^i18next$/, replacement: fileURLToPath(new URL('./src/i18n/tiny/i18next.ts', import.meta.url)) },
    {
      find: /^react-i18next$/,
      replacement: fileURLToPath(new URL('./src/i18n/tiny/react-i18next.ts', import.meta.url)),
    },
  ],
};

export default defineConfig({
  // loadCodeAfterPaint holds index.html's code until the server-drawn page is painted (ADR 0060); preloadLanguage's
  // catalogue preload is among what it holds. eagerModuleWrappers has V8 compile React's module wrappers with the
  // chunk rather than on the main thread when they first run (ADR 0061).
  plugins: [
    react(),
    catalogueFileParts(),
    preloadLanguage(),
    preloadStartChunks(),
    loadCodeAfterPaint(),
    eagerModuleWrappersPlugin(),
    precompress(),
  ],
  resolve: storefrontResolve,
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/sandbox': 'http://localhost:3000',
      '/address': 'http://localhost:3000',
    },
  },
  // The manifest tells the budget check (scripts/check-bundle-budget.ts) and the server (page-meta.ts) which chunk
  // is which.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    // Every browser the shop supports knows modulepreload; the polyfill would be 0.4 kB of the first load.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Everything the entry imports statically in one chunk (and one stylesheet) instead of the ~30 small shared
        // chunks the automatic splitting makes: each is a request on the phone's slow link, and one file compresses
        // better (issue 13, ADR 0029). The entry itself stays its own chunk so the manifest still names
        // index.html's entry. React DOM (its renderer, its scheduler and the small react-dom module the lazy pages'
        // portals import) is one chunk of its own, which main.tsx imports in a task of its own (ADR 0064).
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], test: (id) => !ENTRY.test(id) },
            { name: 'react-dom', test: REACT_DOM },
          ],
        },
      },
    },
  },
});
