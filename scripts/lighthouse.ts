/**
 * Lighthouse on the shop as a phone sees it (issue 13, section 1): builds the SPA, starts the shop on a free port
 * with a fresh embedded database and the demo data, logs the demo member in (for /my-page), runs Lighthouse's
 * mobile preset with its default (simulated) throttling RUNS times on each page and prints the medians.
 *
 *   npm run lighthouse                       # build + 3 runs each on /, /pack-detail?packId=1, /my-page
 *   npm run lighthouse -- --no-build --runs 5 --json lighthouse.json
 *   npm run lighthouse -- --no-build --runs 1 --reports /tmp/lh   # also each run's full report, to see why
 *   npm run lighthouse -- --no-build --page /my-page               # one of the three pages only
 *
 * Chromium comes from CHROME_PATH (default /usr/bin/chromium). A benchmark, not a test: timings depend on how busy
 * the machine is, so compare medians taken on a quiet machine; the byte budget is scripts/check-bundle-budget.ts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own driver (a dependency of it, like chrome-launcher): it gives the browser the member's cookies.
import puppeteer, { type Browser, type CookieData } from 'puppeteer-core';
import { startDemoShop } from './lib/demo-shop.ts';

const PAGES = [
  { path: '/', member: false },
  { path: '/pack-detail?packId=1', member: false },
  { path: '/my-page', member: true },
];
const DEMO = { mail: 'demo@kirakira-oripa.example', pass: 'demo1234' };

const { values: args } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    runs: { type: 'string', default: '3' },
    json: { type: 'string' },
    /** A folder for each run's full Lighthouse report (LCP element, render-blocking requests, main-thread work). */
    reports: { type: 'string' },
    /** Only this one of PAGES (its path as listed there). */
    page: { type: 'string' },
  },
});
if (args.page && !PAGES.some((p) => p.path === args.page)) {
  throw new Error(`--page must be one of ${PAGES.map((p) => p.path).join(', ')}`);
}
const RUNS = Math.max(1, Number(args.runs));

/** Logs the demo member in the way the SPA does (a CSRF pair first, then the form post); returns its cookies. */
async function memberCookies(base: string): Promise<Map<string, string>> {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const first = await fetch(`${base}/api/user/point`);
  keep(first);
  const { csrf } = (await first.json()) as { csrf: { csrf_name: string; csrf_value: string } };
  const form = new URLSearchParams({ ...csrf, json: JSON.stringify({ ...DEMO, save_cookie: '0' }) });
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { cookie: header(), origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  keep(login);
  const reply = (await login.json()) as { state: number };
  if (reply.state !== 200) throw new Error(`demo login failed: ${JSON.stringify(reply)}`);
  return jar;
}

interface Run {
  performance: number;
  accessibility: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

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

/** Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART); such a run is taken again. */
async function retried<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await run();
    } catch (error) {
      if (i >= attempts) throw error;
      console.error(`run failed, trying again: ${(error as Error).message}`);
    }
  }
}

async function main() {
  if (!args['no-build']) execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  const { base, stop } = await startDemoShop('lighthouse');
  if (args.reports) mkdirSync(args.reports, { recursive: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  try {
    const jar = await memberCookies(base);
    const cookies: CookieData[] = [...jar].map(([name, value]) => ({ name, value, domain: '127.0.0.1', path: '/' }));
    const rows: { path: string; runs: Run[] }[] = [];
    for (const page of PAGES.filter((p) => !args.page || p.path === args.page)) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const report = args.reports && path.join(args.reports, `${page.path.replace(/\W+/g, '_')}-${i + 1}.json`);
        const run = await retried(() => audit(base + page.path, browser, page.member ? cookies : [], report));
        runs.push(run);
        console.error(`${page.path} run ${i + 1}/${RUNS}: ${JSON.stringify(run)}`);
      }
      rows.push({ path: page.path, runs });
    }
    printTable(rows);
    if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
  } finally {
    await browser.disconnect();
    chrome.kill();
    await stop();
  }
}

function printTable(rows: { path: string; runs: Run[] }[]) {
  const head = ['page', 'perf', 'a11y', 'SEO', 'LCP s', 'TBT ms', 'CLS'];
  const lines = rows.map(({ path: p, runs }) => {
    const m = (k: keyof Run) => median(runs.map((r) => r[k]));
    return [
      p,
      String(m('performance')),
      String(m('accessibility')),
      String(m('seo')),
      (m('lcpMs') / 1000).toFixed(2),
      String(Math.round(m('tbtMs'))),
      m('cls').toFixed(3),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(`Lighthouse ${'12.8'} mobile, default throttling, median of ${rows[0]?.runs.length ?? 0} runs`);
  console.log(fmt(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

await main();
