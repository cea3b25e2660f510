import { mkdirSync, writeFileSync } from 'node:fs';
import axe from 'axe-core';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** One line per violated rule: "rule (impact): selector, selector…" — short enough to read in a failed test. */
function summarise(violations: Violation[]) {
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? '?'}): ${v.nodes
        .slice(0, 6)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 6 ? ` …+${v.nodes.length - 6}` : ''}`,
  );
}

/**
 * axe-core run in the page itself: injected once per document, then `axe.run` answering only the violations. The
 * shop's pages have no frames. @axe-core/playwright's AxeBuilder opened a blank page per check (for cross-origin
 * frames) and returned every passing node too: 1.3-3.4 s a check on an idle machine against 0.15-0.35 s here, and
 * the journeys make some 300 checks a run.
 */
async function runAxe(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(
      // The stand-in for Stripe's 3-D Secure modal (e2e/fakes/stripe-js.js) is the provider's UI, not the shop's.
      { exclude: [['[data-fake-stripe]']] },
      {
        resultTypes: ['violations'],
        iframes: false,
        // label-content-name-mismatch is still marked experimental in axe 4.11 (off by default); the issue counts it.
        rules: { 'label-content-name-mismatch': { enabled: true } },
      },
    );
    // Only what the report and the file keep: the rule, its impact and help, and where.
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
    }));
  });
}
type Violation = {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string }[];
};

/** Waits (at most 1.5 s) for the page's running animations that end: axe measures contrast on what is painted. */
function animationsSettled(page: Page) {
  return page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((r) => setTimeout(r, 1500))]);
  });
}

/** Whether a page is one of the shop's own (the sandbox stands in for outside payment providers' pages). */
function isShopPage(page: Page) {
  const url = new URL(page.url());
  return !url.pathname.startsWith('/sandbox/') && url.protocol !== 'about:';
}

/**
 * axe-core on the page as it is now (every rule, best practices included: heading order, landmarks), recorded
 * under test-results/axe/<project>-<name>.json and asserted softly to have no violations, so one run of a journey
 * reports every page state it visits. Pages of the payment sandbox (stand-ins for providers' pages) are skipped.
 */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string) {
  if (!isShopPage(page)) return;
  // Let a route's lazy chunk and a dialog's entrance settle: axe measures contrast on what is painted.
  await page.waitForLoadState('domcontentloaded');
  // A route's chunk and its first API reads (a skeleton has no h1 yet); pack pages poll every 5 s, so this settles.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  await animationsSettled(page);
  let violations = await runAxe(page);
  // A live page can change under the check: a hit pushed to the ticker fades in (0.4 s), and axe measured its
  // half-transparent words as too faint (CI, once). What is wrong stays wrong a moment later; look once more.
  if (violations.length > 0) {
    await animationsSettled(page);
    violations = await runAxe(page);
  }
  const lines = summarise(violations);
  mkdirSync('test-results/axe', { recursive: true });
  writeFileSync(
    `test-results/axe/${testInfo.project.name}-${name}.json`,
    JSON.stringify({ url: page.url(), violations }, null, 1),
  );
  expect.soft(lines, `axe violations on ${name} (${page.url()})`).toEqual([]);
}
