import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogueFileParts } from './build/catalogue-parts.ts';
import { precompress } from './build/precompress.ts';

/**
 * The operator console (/admin) is a build of its own (ADR 0013): its entry is admin.html, its files go to
 * dist/admin and are served under /admin/. The storefront's build (vite.config.ts) never sees a console module,
 * so the shop's JavaScript cannot grow because of the console; scripts/check-bundle-budget.ts checks that too.
 * Run after the storefront's build (which empties dist).
 */
const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  plugins: [react(), catalogueFileParts(), precompress()],
  base: '/admin/',
  publicDir: false,
  server: { port: 5174, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist/admin',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rollupOptions: { input: path.join(here, 'admin.html') },
  },
});
