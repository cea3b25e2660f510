/**
 * One page's start in Chromium, recorded as a trace: every main-thread task from the navigation until the page is
 * quiet (scripts/measure-long-tasks.ts; `npm run lighthouse` prints the same figures beside its scores).
 *
 * Why a trace and not the page's long-task entries: `longtask` entries exist only for tasks over 50 ms, so a page
 * that meets the goal would report nothing and the margin under 50 ms would be unknown; the trace has every task,
 * including those before any of the page's scripts runs (the HTML parse), and needs nothing injected in the page.
 * A long-task observer is still added (before any script, addInitScript), only to tell when to stop recording.
 *
 * The recording runs from the navigation until the page is quiet: the load event has fired, none of its requests
 * has been in flight for QUIET_NETWORK_MS (the live event stream, which never ends, is left out) and no task over
 * 50 ms has run for QUIET_CPU_MS. That window holds the whole way to interactive (Lighthouse's Time to Interactive
 * ends at the last long task before such a quiet spell), so the count over 50 ms and the blocking time are those of
 * navigation-to-interactive; the longest task is an upper bound when it is under 50 ms.
 */
import { writeFileSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import {
  interactiveAt,
  mainThreadTasks,
  TRACE_CATEGORIES,
  taskFigures,
  traceEvents,
  type TaskFigures,
} from './main-thread-trace.ts';

const QUIET_NETWORK_MS = 1000;
const QUIET_CPU_MS = 3000;
/** A page that never goes quiet is cut off here (its figures are still printed, marked). */
const RECORD_AT_MOST_MS = 45_000;

/** A phone as Lighthouse's mobile preset emulates one (Moto G Power: 412 x 823 CSS px at 1.75), asking for Japanese. */
export const PHONE: BrowserContextOptions = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  locale: 'ja-JP',
};

export interface PageStart extends TaskFigures {
  /** ms from navigation */
  fcp: number;
  interactive: number;
  /** ms from navigation until the recording stopped (quiet, or cut off) */
  recorded: number;
  quiet: boolean;
  /**
   * Bytes of JavaScript (decoded) the page fetched during the recording: what the build's evaluated-JS budget counts,
   * plus what the page loads early without needing it to draw (preloads of a likely next page, lazy components).
   */
  jsBytes: number;
}

/** In the page before any of its scripts: when the last task over 50 ms ended. */
const WATCH_LONG_TASKS = `(() => {
  window.__lastLongTaskEnd = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__lastLongTaskEnd = Math.max(window.__lastLongTaskEnd, e.startTime + e.duration);
  }).observe({ type: 'longtask', buffered: true });
})()`;

/** Read in the page once quiet: paint and navigation timing, the JavaScript received, the time now. */
const READ_TIMINGS = `(() => {
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const nav = performance.getEntriesByType('navigation')[0];
  // Each file once: a preloaded module shows again when it is imported.
  const sizes = new Map();
  for (const r of performance.getEntriesByType('resource'))
    if (new URL(r.name).pathname.endsWith('.js')) sizes.set(r.name, Math.max(sizes.get(r.name) || 0, r.decodedBodySize));
  let js = 0;
  for (const n of sizes.values()) js += n;
  return { fcp: fcp ? fcp.startTime : NaN, dcl: nav ? nav.domContentLoadedEventEnd : NaN, js, now: performance.now() };
})()`;

/** Opens `url` and waits until the page is quiet (see above); false when RECORD_AT_MOST_MS passed first. */
async function loadUntilQuiet(page: Page, url: string, networkQuiet: () => boolean): Promise<boolean> {
  const startedAt = Date.now();
  await page.goto(url, { waitUntil: 'load', timeout: RECORD_AT_MOST_MS });
  while (Date.now() - startedAt < RECORD_AT_MOST_MS) {
    const cpuQuietFor = Number(await page.evaluate('performance.now() - window.__lastLongTaskEnd'));
    if (networkQuiet() && cpuQuietFor >= QUIET_CPU_MS) return true;
    await page.waitForTimeout(250);
  }
  return false;
}

/**
 * Opens `url` in a fresh context (an empty cache, as a first visit) with `cookies`, the CPU slowed `cpuRate` times
 * (DevTools' Emulation.setCPUThrottlingRate), and returns the figures of its main-thread tasks; `saveTrace` keeps
 * the trace in that file (DevTools' Performance panel opens it).
 */
export async function measurePageStart(
  browser: Browser,
  url: string,
  options: { cpuRate: number; cookies?: { name: string; value: string; url: string }[]; saveTrace?: string },
): Promise<PageStart> {
  const context = await browser.newContext(PHONE);
  try {
    if (options.cookies?.length) await context.addCookies(options.cookies);
    await context.addInitScript({ content: WATCH_LONG_TASKS });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuRate });
    const inFlight = new Set<unknown>();
    let lastNetworkAt = Date.now();
    page.on('request', (r) => {
      if (r.resourceType() !== 'eventsource' && !r.url().includes('/api/live/stream')) inFlight.add(r);
    });
    const settle = (r: unknown) => {
      if (inFlight.delete(r)) lastNetworkAt = Date.now();
    };
    page.on('requestfinished', settle);
    page.on('requestfailed', settle);
    // The page's renderer first opens a small file of the shop, so it exists (and is traced) before the navigation:
    // a renderer made for the navigation itself starts tracing late now and then on a busy machine, and its trace
    // lacks the navigation's start. The cache is emptied again, so the page is still a first visit.
    await page.goto(new URL('/favicon.svg', url).href);
    await cdp.send('Network.clearBrowserCache');
    await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    let quiet = false;
    let trace: Buffer;
    try {
      quiet = await loadUntilQuiet(
        page,
        url,
        () => inFlight.size === 0 && Date.now() - lastNetworkAt >= QUIET_NETWORK_MS,
      );
    } finally {
      trace = await browser.stopTracing();
    }
    if (options.saveTrace) writeFileSync(options.saveTrace, trace);
    const opened = new URL(page.url());
    const asked = new URL(url);
    // A member page that sent the browser to /login would measure the login page.
    if (opened.pathname !== asked.pathname) throw new Error(`${url} ended on ${page.url()}`);
    const read = (await page.evaluate(READ_TIMINGS)) as { fcp: number; dcl: number; js: number; now: number };
    const tasks = mainThreadTasks(traceEvents(trace), asked.origin);
    return {
      ...taskFigures(tasks, read.fcp),
      fcp: read.fcp,
      interactive: interactiveAt(tasks, read.fcp, read.dcl),
      recorded: read.now,
      quiet,
      jsBytes: read.js,
    };
  } finally {
    await context.close();
  }
}
