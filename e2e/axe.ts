import { mkdirSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** One line per violated rule: "rule (impact): selector, selector…" — short enough to read in a failed test. */
function summarise(violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[]) {
  return violations.map(
    (v) =>
      `${v.id} (${v.impact ?? '?'}): ${v.nodes
        .slice(0, 6)
        .map((n) => n.target.join(' '))
        .join(', ')}${v.nodes.length > 6 ? ` …+${v.nodes.length - 6}` : ''}`,
  );
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
  await page.evaluate(() => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime ?? Infinity)));
    const settled = Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
    return Promise.race([settled, new Promise((r) => setTimeout(r, 1500))]);
  });
  // label-content-name-mismatch is still marked experimental in axe 4.11 (off by default); the issue counts it.
  const results = await new AxeBuilder({ page })
    // The stand-in for Stripe's 3-D Secure modal (e2e/fakes/stripe-js.js) is the provider's UI, not the shop's.
    .exclude('[data-fake-stripe]')
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  const lines = summarise(results.violations);
  mkdirSync('test-results/axe', { recursive: true });
  writeFileSync(
    `test-results/axe/${testInfo.project.name}-${name}.json`,
    JSON.stringify({ url: page.url(), violations: results.violations }, null, 1),
  );
  expect.soft(lines, `axe violations on ${name} (${page.url()})`).toEqual([]);
}
