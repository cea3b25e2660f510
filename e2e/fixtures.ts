import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { START_TIMEOUT_MS } from '../scripts/lib/start-timeout.ts';

export { expect } from '@playwright/test';

/**
 * One shop per Playwright worker (issue 20, ADR 0038): each worker starts its own server on its own fresh embedded
 * database, so journeys run in parallel and never see another worker's members, orders or maintenance switch.
 * Within a worker, tests run one after another on that worker's shop; a test never assumes another test ran before it
 * on the same shop, except the steps of one journey (test.describe.configure({ mode: 'default' }) in its describe).
 *
 * Ports: worker i's shop listens on E2E_PORT + 3i (E2E_PORT defaults to 3100); stripe-card.spec.ts takes the next
 * two for its Stripe-mode shop and the fake Stripe API. So a run with E2E_PORT=3300 and 3 workers uses 3300-3308.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
/** Ports per worker: its shop, the Stripe-mode shop and the fake Stripe API. */
const PORTS_PER_WORKER = 3;
/** Playwright numbers its live workers 0..workers-1; a worker started after a failure takes the free number. */
export const workerPort = (parallelIndex: number, offset: 0 | 1 | 2 = 0) =>
  E2E_PORT + PORTS_PER_WORKER * parallelIndex + offset;
/** This worker process's number (Playwright sets TEST_PARALLEL_INDEX in each worker). */
export const parallelIndex = () => Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** How long a shop may take to start (initdb, migrations, the demo seed) on a machine other jobs share. */
export { START_TIMEOUT_MS };
/** How long a stopping shop may take to stop its database before it is killed. */
const STOP_TIMEOUT_MS = 30_000;

/** Resolves once `url` answers /api/user/point with 200; rejects when the shop exits first or time runs out. */
async function waitUntilUp(child: ChildProcess, url: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the e2e shop exited (${child.exitCode ?? child.signalCode}) before answering at ${url}`);
    }
    try {
      if ((await fetch(`${url}/api/user/point`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the e2e shop did not answer at ${url} within ${timeoutMs} ms (START_TIMEOUT_MS)`);
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM'); // the shop stops gracefully: closes the server, then its embedded PostgreSQL
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** A shop of some kind: its start script, which of the worker's ports it takes, and its data dir's suffix. */
export interface E2eShopKind {
  script: string;
  portOffset: 0 | 1 | 2;
  dataSuffix: string;
}
const PLAIN_SHOP: E2eShopKind = { script: 'scripts/e2e-server.ts', portOffset: 0, dataSuffix: '' };

/**
 * Starts scripts/e2e-server.ts (the shop on a fresh embedded database in its own data dir) for one worker; the
 * caller stops it. `env` adds to the shop's environment. A journey that needs a shop of another kind names its
 * start script, one of the worker's spare ports and a data dir of its own (komoju.spec.ts).
 */
export async function startE2eShop(index: number, env: Record<string, string> = {}, kind: E2eShopKind = PLAIN_SHOP) {
  const port = workerPort(index, kind.portOffset);
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', kind.script], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: path.join(process.env.E2E_DATA_DIR ?? '.e2e-data', `worker-${index}${kind.dataSuffix}`),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      // The same host as baseURL, so sandbox payment pages send the browser back with its session cookie.
      PUBLIC_URL: url,
      E2E_STOP_WITH_PARENT: '1',
      // Web Push reaches a test's fake push service (e2e/fakes/push-service.ts) over a plain socket; no real push
      // service is reachable from a test, and production refuses the flag.
      PUSH_PLAIN_HTTP: '1',
      ...env,
    },
    stdio: ['pipe', 'ignore', 'inherit'],
  });
  try {
    await waitUntilUp(child, url, START_TIMEOUT_MS);
  } catch (err) {
    await stop(child);
    throw err;
  }
  return { url, stop: () => stop(child) };
}

/**
 * Waits until React has hydrated a storefront page the server drew (main.tsx marks `<html data-hydrated>`). The
 * server draws every storefront page (ADR 0052), so the page is visible and Playwright's checks pass while its code
 * is still loading; a click or an Enter then reaches no handler (and a form's submit button is still disabled), as a
 * visitor's tap would in that second. Pages the server did not draw (the console, sandbox provider pages) are ready
 * at once; a page whose code never starts is left for the journey's own checks to fail on, with a warning.
 * E2E_HYDRATION_LOG=<file> appends each wait's milliseconds and URL (where a run's time goes).
 */
export async function untilHydrated(page: Page) {
  const started = Date.now();
  const hydrated = await page
    .waitForFunction(
      () => !document.getElementById('ssr-state') || document.documentElement.hasAttribute('data-hydrated'),
      undefined,
      { timeout: HYDRATION_WAIT_MS },
    )
    .then(
      () => true,
      () => false,
    );
  const took = Date.now() - started;
  // Said, not thrown: the journey's next check names what is missing. A silent 20 s wait per page once hid here.
  if (!hydrated) console.warn(`[e2e] ${page.url()} did not hydrate within ${HYDRATION_WAIT_MS} ms`);
  if (process.env.E2E_HYDRATION_LOG) appendFileSync(process.env.E2E_HYDRATION_LOG, `${took}\t${page.url()}\n`);
}
/** How long a goto waits for hydration before it lets the journey go on. */
const HYDRATION_WAIT_MS = 20_000;

/**
 * Makes `page`'s goto and reload return once React has hydrated the page (untilHydrated), and answers it. The
 * `page` fixture is one (hydratingPage); a page a journey opens itself (another member, another context) should be
 * too: without it a login's Enter and a confirm page's submit were used before hydration, and the action was lost
 * (2 of the 4 failures of one full run; the fulfilment journeys' member once the code started after the paint,
 * ADR 0060).
 */
export function hydrating(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const res = await goto(...args);
    await untilHydrated(page);
    return res;
  };
  page.reload = async (...args) => {
    const res = await reload(...args);
    await untilHydrated(page);
    return res;
  };
  return page;
}

/** The `page` fixture of every journey: a hydrating page (komoju.spec.ts and stripe-card.spec.ts take it too). */
export async function hydratingPage({ page }: { page: Page }, use: (page: Page) => Promise<void>) {
  await use(hydrating(page));
}

/**
 * Playwright's test with `baseURL` pointing at this worker's own shop (started on first use, stopped at the end),
 * and a `page` whose goto and reload return once React has hydrated the page (untilHydrated), as a visitor waits for a
 * page to be ready before using it.
 */
export const test = base.extend<object, { workerShopUrl: string }>({
  page: hydratingPage,
  workerShopUrl: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const shop = await startE2eShop(workerInfo.parallelIndex);
      await use(shop.url);
      await shop.stop();
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + STOP_TIMEOUT_MS + 10_000 },
  ],
  baseURL: async ({ workerShopUrl }, use) => use(workerShopUrl),
});
