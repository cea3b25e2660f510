import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { catalogueFileParts } from './build/catalogue-parts.ts';
import { storefrontResolve } from './vite.config.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
/** routes/lazy-page.ts SOURCE_EXPORT (not imported: that module loads the app's strings). */
const SOURCE_EXPORT = '__pageSource';
const PAGE_MODULE = /[\\/]src[\\/]pages[\\/].*\.tsx?$/;

/**
 * Marks each page module with its path under apps/web (`export const __pageSource = 'src/pages/…'`), the key of
 * the browser build's manifest: a lazy page the server drew names the code and styles its HTML needs
 * (routes/lazy-page.ts `source`).
 */
function namePageModules(): Plugin {
  return {
    name: 'oripa:name-page-modules',
    transform(code, id) {
      if (!PAGE_MODULE.test(id) || id.includes('.test.')) return null;
      const source = path.relative(here, id).split(path.sep).join('/');
      return { code: `${code}\nexport const ${SOURCE_EXPORT} = ${JSON.stringify(source)};\n`, map: null };
    },
  };
}

/**
 * The storefront's pages for the server (ADR 0052): src/entry-server.tsx and the components it draws, built for
 * Node into dist/ssr (read by apps/server/src/routes/web/page-renderer.ts; not served: app.ts serves dist without
 * it). Runs after the browser's build, which empties dist. Packages from node_modules stay imports; the CSS
 * modules' class names are the browser build's (same files, same naming), and no stylesheet is written.
 */
export default defineConfig({
  plugins: [react(), catalogueFileParts(), namePageModules()],
  resolve: storefrontResolve,
  publicDir: false,
  build: {
    ssr: 'src/entry-server.tsx',
    outDir: 'dist/ssr',
    emptyOutDir: true,
    ssrEmitAssets: false,
    rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
  },
});
