/**
 * Fails the build when the JavaScript the top page needs for its first render passes its budget (issue 13: at
 * most 120 kB compressed). Bytes, unlike load times, do not depend on how busy the machine is.
 *
 *   tsx scripts/check-bundle-budget.ts [distDir]       # after `vite build`; the root `build` script runs it
 *   BUNDLE_BUDGET_KB=100 tsx scripts/check-bundle-budget.ts   # another limit (kB = 1000 bytes, brotli)
 *
 * The console (/admin) is a build of its own (apps/web/vite.admin.config.ts, ADR 0013): the storefront's build never
 * includes one of its modules, so the shop's JavaScript cannot grow by a byte because of it. This check fails when a
 * console module (src/admin/) or the console's table library shows up in the storefront's manifest.
 *
 * The limit is issue 13's 120 kB (119.5 kB on 2026-11-24, ADR 0029): the entry's whole static graph in one chunk
 * (vite.config.ts), with react-router's data router 27 kB, react-query 9 kB, the shop's own small i18next
 * (src/i18n/tiny) 1.5 kB and the app's code; React DOM, about 56 kB, in a chunk of its own the entry imports
 * dynamically and awaits (ADR 0064); and the Japanese catalogue's first part (4.6 kB). 119.8 kB on 2026-11-29.
 * Never raise it silently: make new code a lazy route or component instead.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { eagerModuleWrappers } from '../apps/web/build/eager-module-wrappers.ts';
import { initialScripts, pageScripts, readManifest } from './lib/web-manifest.ts';

/** kB (1000 bytes) of brotli: issue 13's limit, see the note above. */
const DEFAULT_BUDGET_KB = 120;

/** The file as a browser receives it: the build's .br copy when there is one, else compressed here. */
function compressedSizes(file: string): { raw: number; br: number; gz: number } {
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return { raw: body.length, br, gz: gzipSync(body, { level: 9 }).length };
}

export function measureInitialJs(distDir: string) {
  // Each file once: index.html's own script tag is also the manifest's entry.
  const files = [...new Set([...pageScripts(distDir), ...initialScripts(readManifest(distDir))])].map((file) => ({
    file,
    ...compressedSizes(path.join(distDir, file)),
  }));
  const sum = (k: 'raw' | 'br' | 'gz') => files.reduce((n, f) => n + f[k], 0);
  return { files, raw: sum('raw'), br: sum('br'), gz: sum('gz') };
}

/** Modules of the console found in the storefront's build (there must be none). */
export function consoleModulesInShop(distDir: string): string[] {
  const manifest = readManifest(distDir);
  return Object.entries(manifest)
    .flatMap(([key, chunk]) => [key, chunk.src ?? ''])
    .filter((name) => name.startsWith('src/admin/') || name.includes('@tanstack/react-table') || name === 'admin.html');
}

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function main() {
  const distDir = path.resolve(process.argv[2] ?? process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  const budgetKb = Number(process.env.BUNDLE_BUDGET_KB ?? DEFAULT_BUDGET_KB);
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) throw new Error('BUNDLE_BUDGET_KB must be a positive number');
  const leaked = consoleModulesInShop(distDir);
  if (leaked.length > 0) {
    console.error(`the storefront's build carries console modules: ${leaked.join(', ')}`);
    console.error('The console is built by apps/web/vite.admin.config.ts; never import src/admin from the shop.');
    process.exit(1);
  }
  const m = measureInitialJs(distDir);
  // The build writes React's module wrappers as functions V8 compiles with the chunk (ADR 0061): a first-load file
  // the step would still change was built without it.
  const late = m.files.filter(({ file }) => {
    const code = readFileSync(path.join(distDir, file), 'utf8');
    return eagerModuleWrappers(code) !== code;
  });
  if (late.length > 0) {
    console.error(`module wrappers V8 compiles on first call in: ${late.map((f) => f.file).join(', ')}`);
    console.error(
      'apps/web/vite.config.ts must run eagerModuleWrappersPlugin (apps/web/build/eager-module-wrappers.ts).',
    );
    process.exit(1);
  }
  const verbose = process.env.BUNDLE_BUDGET_VERBOSE === '1';
  if (verbose) {
    for (const f of [...m.files].sort((a, b) => b.br - a.br)) console.log(`${kB(f.br).padStart(9)}  ${f.file}`);
  }
  const line = `top page initial JS: ${m.files.length} files, ${kB(m.raw)} raw, ${kB(m.gz)} gzip, ${kB(m.br)} brotli`;
  if (m.br > budgetKb * 1000) {
    console.error(`${line}: OVER the budget of ${budgetKb} kB brotli by ${kB(m.br - budgetKb * 1000)}`);
    console.error('Make the new code a lazy route (routes/lazy-page.ts) or trim what the entry imports.');
    process.exit(1);
  }
  console.log(`${line}: within the budget of ${budgetKb} kB brotli`);
}

// Run as a script only: check-console-budget.ts imports measureInitialJs from here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
