/**
 * Builds the storefront, the console and the storefront's server render (apps/web/dist, dist/admin, dist/ssr) for production, whatever NODE_ENV the shell
 * has: under NODE_ENV=development Vite would bundle React's development build (issue 20: `NODE_ENV=development npm
 * start` then failed the byte budget). Writes the stamp `npm start` reads to skip a build that is still fresh.
 *   tsx scripts/build-web.ts          # `npm run build` runs it, then the byte budgets
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writeBuildStamp } from './lib/web-build-freshness.ts';

const VITE_BUILDS = [
  ['build', 'apps/web', '--logLevel', 'warn'],
  ['build', 'apps/web', '--config', 'apps/web/vite.admin.config.ts', '--logLevel', 'warn'],
  // The storefront's pages for the server's render (ADR 0052), into dist/ssr.
  ['build', 'apps/web', '--config', 'apps/web/vite.ssr.config.ts', '--logLevel', 'warn'],
];

/** Runs both builds from the repository root; throws when one fails (its output is already on the terminal). */
export function buildWeb(root = process.cwd()) {
  const startedAtMs = Date.now();
  for (const args of VITE_BUILDS) {
    const run = spawnSync(path.join(root, 'node_modules/.bin/vite'), args, {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (run.status !== 0) throw new Error(`vite ${args.join(' ')} failed (exit ${run.status ?? run.signal})`);
  }
  writeBuildStamp(path.join(root, 'apps/web/dist'), startedAtMs);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    buildWeb();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
}
