/**
 * Fails the build when the JavaScript the operator console (/admin) needs for its first render passes its budget.
 * The console is a build of its own (apps/web/vite.admin.config.ts → apps/web/dist/admin, ADR 0013); its staff use
 * it every day, often on a phone in the packing room, so its first load must not creep up unseen either.
 *
 *   tsx scripts/check-console-budget.ts                      # after both `vite build`s; the root `build` runs it
 *   CONSOLE_BUDGET_KB=150 tsx scripts/check-console-budget.ts   # another limit (kB = 1000 bytes, brotli)
 *   tsx scripts/check-console-budget.ts path/to/dist/admin   # or CONSOLE_DIST_DIR=…
 *
 * The limit sits a little above the size measured when it was set (182.7 kB brotli on 2026-11-24, after 172.5 and
 * 179.6 kB the same day, while several console features landed): the console's entry with its layout and routes (73 kB), both languages' console texts (30 kB,
 * an eager glob in admin/i18n), react-router (27 kB), react-query (26 kB), the form helpers and the ja catalogue. Lower it
 * as that shrinks; never raise it silently.
 *
 * The measuring is the storefront check's own (measureInitialJs: entry + static imports + the ja catalogue, brotli
 * 11), so both budgets count bytes the same way.
 */
import path from 'node:path';
import { measureInitialJs } from './check-bundle-budget.ts';

/** kB (1000 bytes) of brotli: 182.7 kB measured + about 4 % room. */
export const DEFAULT_CONSOLE_BUDGET_KB = 190;

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function main() {
  const distDir = path.resolve(process.argv[2] ?? process.env.CONSOLE_DIST_DIR ?? 'apps/web/dist/admin');
  const budgetKb = Number(process.env.CONSOLE_BUDGET_KB ?? DEFAULT_CONSOLE_BUDGET_KB);
  if (!Number.isFinite(budgetKb) || budgetKb <= 0) throw new Error('CONSOLE_BUDGET_KB must be a positive number');
  const m = measureInitialJs(distDir);
  if (process.env.BUNDLE_BUDGET_VERBOSE === '1') {
    for (const f of [...m.files].sort((a, b) => b.br - a.br)) console.log(`${kB(f.br).padStart(9)}  ${f.file}`);
  }
  const line = `console initial JS: ${m.files.length} files, ${kB(m.raw)} raw, ${kB(m.gz)} gzip, ${kB(m.br)} brotli`;
  if (m.br > budgetKb * 1000) {
    console.error(`${line}: OVER the budget of ${budgetKb} kB brotli by ${kB(m.br - budgetKb * 1000)}`);
    console.error('Load the new console page lazily (admin/routes.tsx) or trim what admin/main.tsx imports.');
    process.exit(1);
  }
  console.log(`${line}: within the budget of ${budgetKb} kB brotli`);
}

main();
