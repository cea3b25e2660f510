import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { preloadLanguage } from './build/preload-language.ts';

export default defineConfig({
  plugins: [react(), preloadLanguage(), precompress()],
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
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 800 },
});
