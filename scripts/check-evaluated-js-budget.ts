/**
 * Fails the build when one of the five measured pages (scripts/lib/measured-pages.ts) evaluates more JavaScript
 * before it is interactive than its budget (issue 24: the main thread's start-up work follows the code it must run;
 * bytes, unlike timings, do not depend on how busy the machine is). What is counted: scripts/lib/evaluated-js.ts.
 *
 *   tsx scripts/check-evaluated-js-budget.ts [distDir]     # after `vite build`; the root `build` script runs it
 *   EVALUATED_JS_BUDGET_KB=400 tsx scripts/check-evaluated-js-budget.ts   # one limit for every page, to try one
 *   BUNDLE_BUDGET_VERBOSE=1 …                                # also each page's files
 *
 * The budgets are the figures of 2026-11-28 with the pages drawn by the server and hydrated (ADR 0052: the after-paint
 * loader is gone, the hydration code came in; about +1.7 kB on every page against the loader's figures), rounded up
 * to the next kilobyte with at least 1.5 kB to spare (ADR 0058; a merge of the day's other branches once added 1.3-1.4
 * kB to three pages, which a budget set to the kilobyte turned into a failed build): a ratchet, not a goal. At these
 * sizes the pages still run tasks over 50 ms at 1x CPU (npm run measure:long-tasks), so the figures cannot say what
 * is small enough; they stop the code the pages start with from growing, and each is to be lowered to what a change
 * reaches.
 * Never raise one silently: make new code a lazy route or component instead.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { measureEvaluatedJs } from './lib/evaluated-js.ts';
import { MEASURED_PAGES } from './lib/measured-pages.ts';

/** What a lazy route waits for besides its own chunk: the strings kept out of the first load (routes/lazy-page.ts). */
const MORE_STRINGS = ['src/i18n/locales/ja-more.ts', 'src/i18n/messages.ts'];

/**
 * Per page: the manifest keys of the modules it waits for beyond the entry (none for the top page, which is in the
 * entry's graph) and its budget in kB (1000 bytes) of raw JavaScript. Figures of 2026-11-28 in the comments.
 */
export const EVALUATED_PAGES: Record<string, { modules: string[]; budgetKb: number }> = {
  // 440.4 kB: the entry's chunk (react-dom, react-router, react-query, the layout and the top page) and ja, and the
  // community posts' chunk the page waits for before it hydrates (TopPage.preload, ADR 0060).
  '/': { modules: ['src/pages/top/PostList.tsx'], budgetKb: 441 },
  // 526.3 kB
  '/pack-detail?packId=1': { modules: ['src/pages/pack/PackDetailPage.tsx', ...MORE_STRINGS], budgetKb: 528 },
  // 582.1 kB, of which 85.6 kB is a chunk of zod that the page imports statically (the top page does not).
  '/pack-list?index=1': { modules: ['src/pages/pack/PackListPage.tsx', ...MORE_STRINGS], budgetKb: 584 },
  // 504.3 kB
  '/my-page': { modules: ['src/pages/account/MyPage.tsx', ...MORE_STRINGS], budgetKb: 506 },
  // 502.3 kB
  '/buy-point': { modules: ['src/pages/payment/BuyPointPage.tsx', ...MORE_STRINGS], budgetKb: 504 },
};

const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

function main() {
  const distDir = path.resolve(process.argv[2] ?? process.env.WEB_DIST_DIR ?? 'apps/web/dist');
  const override = process.env.EVALUATED_JS_BUDGET_KB;
  if (override !== undefined && !(Number(override) > 0)) {
    throw new Error('EVALUATED_JS_BUDGET_KB must be a positive number');
  }
  const unlisted = MEASURED_PAGES.filter((p) => !EVALUATED_PAGES[p.path]).map((p) => p.path);
  if (unlisted.length > 0) throw new Error(`no evaluated-JavaScript budget for ${unlisted.join(', ')}`);
  let over = false;
  for (const { path: page } of MEASURED_PAGES) {
    const { modules, budgetKb: own } = EVALUATED_PAGES[page]!;
    const budgetKb = override === undefined ? own : Number(override);
    const m = measureEvaluatedJs(distDir, modules);
    const line = `${page} evaluates ${kB(m.raw)} of JavaScript before interactive (${m.files.length} files)`;
    if (m.raw > budgetKb * 1000) {
      over = true;
      console.error(`${line}: OVER its budget of ${budgetKb} kB raw by ${kB(m.raw - budgetKb * 1000)}`);
    } else {
      console.log(`${line}: within its budget of ${budgetKb} kB raw`);
    }
    if (process.env.BUNDLE_BUDGET_VERBOSE === '1') for (const f of m.files) console.log(`    ${f}`);
  }
  if (over) {
    console.error('Make the new code a lazy component or route, or trim what the page imports statically.');
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
