/**
 * `npm start`: builds the storefront only when its build is missing or older than its sources (so a warm start
 * answers in seconds, and a fresh clone still works with `npm ci && npm start`), then runs the shop in this process.
 * The byte budgets are not checked here: `npm run build` and CI check them, a user's start does not fail on them.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWeb } from './build-web.ts';
import { webBuildFreshness } from './lib/web-build-freshness.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// WEB_DIST_DIR serves a build made elsewhere (parallel browser-test runs): that build is its maker's business.
if (!process.env.WEB_DIST_DIR) {
  const state = webBuildFreshness(root, path.join(root, 'apps/web/dist'));
  if (!state.fresh) {
    console.log(`  building the storefront (${state.reason}) …`);
    try {
      buildWeb(root);
    } catch (err) {
      console.error((err as Error).message);
      process.exit(1);
    }
  }
}
await import('../apps/server/src/main.ts');
