/**
 * The main thread while each of the five measured pages starts (issue 24: no task over 50 ms at 1x CPU from the
 * navigation until the page is interactive). Starts the built shop with the demo data (like scripts/lighthouse.ts),
 * opens each page in Debian's Chromium as a phone on a first visit (the demo member signed in for /my-page and
 * /buy-point), at 1x CPU and at 4x (Lighthouse's mobile slowdown, Emulation.setCPUThrottlingRate), records a trace
 * from the navigation until the page is quiet (scripts/lib/page-start-tasks.ts says why a trace and what "quiet"
 * is) and prints per page and CPU rate the median of the runs: the longest task, the tasks over 50 ms, the total
 * blocking time (after FCP, as Lighthouse counts it), FCP and interactive, and the JavaScript the page received.
 *
 *   npm run build && npm run measure:long-tasks                  # 3 runs of each page at 1x and 4x
 *   npm run measure:long-tasks -- --runs 5 --cpu 1 --page /my-page
 *   npm run measure:long-tasks -- --json long-tasks.json --traces /tmp/traces   # also each run's trace
 *
 * Chromium comes from CHROMIUM_PATH (default /usr/bin/chromium). A benchmark that prints figures, not a test: the
 * figures depend on the machine and how busy it is, so say the load average with them.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { startDemoShop } from './lib/demo-shop.ts';
import { memberCookies } from './lib/demo-member.ts';
import { chosenPages, median, type MeasuredPage } from './lib/measured-pages.ts';
import { measurePageStart, type PageStart } from './lib/page-start-tasks.ts';
import { retried } from './lib/retried.ts';

export interface LongTaskRow {
  path: string;
  cpuRate: number;
  runs: PageStart[];
}

/** The median of each figure over the runs (each figure on its own, so the row may mix runs). */
export function medianStart(runs: readonly PageStart[]): PageStart {
  const m = (k: keyof PageStart) => median(runs.map((r) => Number(r[k])));
  return {
    longest: m('longest'),
    overLong: m('overLong'),
    blocking: m('blocking'),
    count: m('count'),
    fcp: m('fcp'),
    interactive: m('interactive'),
    recorded: m('recorded'),
    quiet: runs.every((r) => r.quiet),
    jsBytes: m('jsBytes'),
  };
}

/** Runs every page `runs` times at each CPU rate in `browser`, against the shop at `base`; logs each run on stderr. */
export async function measureLongTasks(
  browser: Browser,
  base: string,
  pages: readonly MeasuredPage[],
  options: { runs: number; cpuRates: readonly number[]; traces?: string },
): Promise<LongTaskRow[]> {
  const jar = pages.some((p) => p.member) ? await memberCookies(base) : new Map<string, string>();
  const cookies = [...jar].map(([name, value]) => ({ name, value, url: base }));
  const rows: LongTaskRow[] = [];
  for (const page of pages) {
    for (const cpuRate of options.cpuRates) {
      const runs: PageStart[] = [];
      for (let i = 0; i < options.runs; i++) {
        const run = await retried(() =>
          measurePageStart(browser, base + page.path, {
            cpuRate,
            cookies: page.member ? cookies : [],
            saveTrace:
              options.traces &&
              path.join(options.traces, `${page.path.replace(/\W+/g, '_')}-${cpuRate}x-${i + 1}.json`),
          }),
        );
        runs.push(run);
        console.error(`${page.path} ${cpuRate}x run ${i + 1}/${options.runs}: ${describe(run)}`);
      }
      rows.push({ path: page.path, cpuRate, runs });
    }
  }
  return rows;
}

const describe = (r: PageStart) =>
  `longest ${r.longest.toFixed(0)} ms, ${r.overLong} over 50 ms, blocking ${r.blocking.toFixed(0)} ms, ` +
  `FCP ${r.fcp.toFixed(0)} ms, interactive ${r.interactive.toFixed(0)} ms, ${r.count} tasks in ${r.recorded.toFixed(0)} ms` +
  `${r.quiet ? '' : ' (never quiet: cut off)'}, JS ${(r.jsBytes / 1000).toFixed(1)} kB`;

export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

export function printLongTasks(rows: readonly LongTaskRow[]) {
  const head = ['page', 'CPU', 'longest ms', '>50 ms', 'blocking ms', 'FCP ms', 'interactive ms', 'JS kB'];
  const lines = rows.map(({ path, cpuRate, runs }) => {
    const m = medianStart(runs);
    return [
      path,
      `${cpuRate}x`,
      m.longest.toFixed(0),
      String(m.overLong),
      m.blocking.toFixed(0),
      m.fcp.toFixed(0),
      m.interactive.toFixed(0) + (m.quiet ? '' : ' (cut off)'),
      (m.jsBytes / 1000).toFixed(1),
    ];
  });
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(
    `main-thread tasks from navigation until quiet, Chromium trace, 412 px phone, median of ${rows[0]?.runs.length ?? 0} runs, load average ${loadAverage()}`,
  );
  console.log(fmt(head));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const l of lines) console.log(fmt(l));
}

async function main() {
  const { values: args } = parseArgs({
    options: {
      runs: { type: 'string', default: '3' },
      cpu: { type: 'string', default: '1,4' },
      page: { type: 'string' },
      json: { type: 'string' },
      /** A folder for each run's trace (open one in DevTools' Performance panel to see what a long task ran). */
      traces: { type: 'string' },
    },
  });
  const runs = Math.max(1, Number(args.runs));
  const cpuRates = args.cpu.split(',').map(Number);
  if (cpuRates.some((r) => !(r >= 1))) throw new Error('--cpu takes rates of 1 or more, e.g. 1,4');
  const pages = chosenPages(args.page);
  if (args.traces) mkdirSync(args.traces, { recursive: true });
  const shop = await startDemoShop('long-tasks');
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const rows = await measureLongTasks(browser, shop.base, pages, { runs, cpuRates, traces: args.traces });
    printLongTasks(rows);
    if (args.json) writeFileSync(args.json, JSON.stringify(rows, null, 2));
  } finally {
    await browser.close();
    await shop.stop();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
