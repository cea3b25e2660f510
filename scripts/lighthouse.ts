/**
 * Lighthouse on the shop as a phone sees it (issue 13, section 1; issue 24): builds the SPA, starts the shop on a
 * free port with a fresh embedded database and the demo data, logs the demo member in (for /my-page and /buy-point),
 * runs Lighthouse's mobile preset with its default (simulated) throttling RUNS times on each of the five measured
 * pages (scripts/lib/measured-pages.ts) and prints the medians, with beside them the main thread's longest task and
 * its tasks over 50 ms at 1x CPU from the same number of runs of scripts/measure-long-tasks.ts's recording (a
 * score can pass on one machine and not the next; the tasks are the cause), and the JavaScript the page evaluates
 * before it is interactive by the build's module graph, with its budget (scripts/check-evaluated-js-budget.ts).
 *
 *   npm run lighthouse                       # build + 3 runs each on the five pages
 *   npm run lighthouse -- --no-build --runs 5 --json lighthouse.json
 *   npm run lighthouse -- --no-build --runs 1 --reports /tmp/lh   # also each run's full report, to see why
 *   npm run lighthouse -- --no-build --page /my-page               # one of the five pages only
 *
 * Chromium comes from CHROME_PATH (default /usr/bin/chromium). A benchmark, not a test: timings depend on how busy
 * the machine is, so compare medians taken on a quiet machine (the table's title says the load average); the byte
 * budgets are scripts/check-bundle-budget.ts and scripts/check-evaluated-js-budget.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own driver (a dependency of it, like chrome-launcher): it gives the browser the member's cookies.
import { chromium } from '@playwright/test';
import puppeteer, { type Browser, type CookieData } from 'puppeteer-core';
import { EVALUATED_PAGES } from './check-evaluated-js-budget.ts';
import { memberCookies } from './lib/demo-member.ts';
import { startDemoShop } from './lib/demo-shop.ts';
import { measureEvaluatedJs } from './lib/evaluated-js.ts';
import { chosenPages, median } from './lib/measured-pages.ts';
import { retried } from './lib/retried.ts';
import { loadAverage, measureLongTasks, medianStart, type LongTaskRow } from './measure-long-tasks.ts';

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    json: { type: 'string' },
    /** A folder for each run's full Lighthouse report (LCP element, render-blocking requests, main-thread work). */
    reports: { type: 'string' },
    /** Only this one of the measured pages (its path as listed in scripts/lib/measured-pages.ts). */
    page: { type: 'string' },
  },
});
const PAGES = chosenPages(args.page);
/** The build the shop serves (lib/demo-shop.ts starts it on apps/web/dist). */
const WEB_DIST = 'apps/web/dist';
const RUNS = Math.max(1, Number(args.runs));

interface Run {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

/**
 * One Lighthouse run in a fresh browser context. The member's cookies go into that context's cookie jar, as after
 * a real login: a Cookie request header alone (extraHeaders) is lost once the page's reply sets a cookie, and
 * /my-page then measured the login page it redirected to.
 */
async function audit(url: string, browser: Browser, cookies: CookieData[], report?: string): Promise<Run> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    if (cookies.length > 0) await context.setCookie(...cookies);
    return await auditPage(url, page, report);
  } finally {
    await context.close();
  }
}

async function auditPage(url: string, page: Parameters<typeof lighthouse>[3], report?: string): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      // A Japanese shop measured as its visitors see it: a browser asking for Japanese (the server then writes the
      // page's tags and preloads its API reads in the language the SPA starts in).
      extraHeaders: { 'Accept-Language': 'ja-JP,ja;q=0.9' },
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`${url}: ${runtimeError.code} ${runtimeError.message}`);
  if (report) writeFileSync(report, JSON.stringify(result.lhr));
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

async function main() {
  if (!args['no-build']) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  const { base, stop } = await startDemoShop('lighthouse');
  if (args.reports) mkdirSync(args.reports, { recursive: true });
  try {
    const rows = await lighthouseRuns(base);
    const longTasks = await longTasksAt1x(base);
    printTable(rows, longTasks);
    if (args.json) writeFileSync(args.json, JSON.stringify({ lighthouse: rows, longTasks }, null, 2));
  } finally {
    await stop();
  }
}

/** RUNS Lighthouse runs of each page, in a Chromium of Lighthouse's own launcher. */
async function lighthouseRuns(base: string): Promise<{ path: string; runs: Run[] }[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const jar = await memberCookies(base);
    const cookies: CookieData[] = [...jar].map(([name, value]) => ({ name, value, domain: '127.0.0.1', path: '/' }));
    const rows: { path: string; runs: Run[] }[] = [];
    for (const page of PAGES) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const report = args.reports && path.join(args.reports, `${page.path.replace(/\W+/g, '_')}-${i + 1}.json`);
        const run = await retried(() => audit(base + page.path, browser, page.member ? cookies : [], report));
        runs.push(run);
        console.error(`${page.path} run ${i + 1}/${RUNS}: ${JSON.stringify(run)}`);
      }
      rows.push({ path: page.path, runs });
    }
    return rows;
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
}

/** The same pages' main-thread tasks at 1x CPU, RUNS times each, in Playwright's Chromium (measure-long-tasks.ts). */
async function longTasksAt1x(base: string): Promise<LongTaskRow[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    return await measureLongTasks(browser, base, PAGES, { runs: RUNS, cpuRates: [1] });
  } finally {
    await browser.close();
  }
}

function printTable(rows: { path: string; runs: Run[] }[], longTasks: LongTaskRow[]) {
  const head = [
    'page',
    'perf',
    'a11y',
    'SEO',
    'LCP s',
    'TBT ms',
    'CLS',
    'longest task ms',
    'tasks >50 ms',
    'eval JS kB',
  ];
  const lines = rows.map(({ path: p, runs }) => {
    const m = (k: keyof Run) => median(runs.map((r) => r[k]));
    const tasks = medianStart(longTasks.find((t) => t.path === p)!.runs);
    const { modules, budgetKb } = EVALUATED_PAGES[p]!;
    const evaluated = measureEvaluatedJs(WEB_DIST, modules).raw / 1000;
    return [
      p,
      String(m('performance')),
      String(m('accessibility')),
      String(m('seo')),
      (m('lcpMs') / 1000).toFixed(2),
      String(Math.round(m('tbtMs'))),
      m('cls').toFixed(3),
      tasks.longest.toFixed(0),
      String(tasks.overLong),
      `${evaluated.toFixed(1)} of ${budgetKb}`,
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `Lighthouse 12.8 mobile, default throttling, median of ${rows[0]?.runs.length ?? 0} runs; main-thread tasks ` +
      `at 1x CPU from navigation until quiet (npm run measure:long-tasks), median of as many; the build's evaluated ` +
      `JavaScript and its budget (scripts/check-evaluated-js-budget.ts); load average ${loadAverage()}`,
  );
  console.log(fmt(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

await main();
