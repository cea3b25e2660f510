import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logInDemoMember, useLanguage } from './helpers';

// Issue 24 §1, ADR 0052: every storefront page is drawn by the server with the storefront's own components and
// hydrated by the browser. The page's words are in its first HTML (no script needed), and hydration finds nothing
// to correct: React reports a mismatch (error #418 and friends in production, "hydrat…" in development) as a
// console error or an uncaught error, which fails the page here.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, Record<string, string> | string>;
const catalogue = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/${ns}.json`, 'utf8')) as Catalogue;

// `picture`: the page opens on a picture (its LCP), which the server's render preloads at high priority.
const PAGES = [
  { path: '/', member: false, picture: true },
  { path: '/pack-detail?packId=1', member: false, picture: true },
  { path: '/pack-list?index=1', member: false, picture: true },
  { path: '/my-page', member: true, picture: false },
  { path: '/buy-point', member: true, picture: false },
] as const;

/** React's hydration complaints, by the words of its development build and the error numbers of its production one. */
const HYDRATION = /hydrat|did not match|Minified React error #(418|419|421|422|423|425)\b/i;

/** Every console error and uncaught error of the page, from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(`${e.message}\n${e.stack ?? ''}`));
  return errors;
}

/**
 * Records every use of Intl by the page from its first script on (constructors and the toLocale… methods that build
 * one): the first loads ICU's data, a long task of 20-60 ms at 1x (apps/web/src/lib/format/plain-format.ts), so the
 * five pages draw and hydrate without it. Read with `intlUses`.
 */
async function watchIntl(page: Page) {
  await page.addInitScript(() => {
    const uses: string[] = [];
    Object.defineProperty(window, '__intlUses', { value: uses });
    const where = () => new Error().stack?.split('\n')[3]?.trim() ?? '?';
    for (const name of [
      'NumberFormat',
      'DateTimeFormat',
      'PluralRules',
      'RelativeTimeFormat',
      'Collator',
      'ListFormat',
    ]) {
      const original = (Intl as unknown as Record<string, object>)[name]!;
      (Intl as unknown as Record<string, object>)[name] = new Proxy(original, {
        construct: (target, args) => (uses.push(`${name} ${where()}`), Reflect.construct(target as never, args)),
        apply: (target, self, args) => (uses.push(`${name} ${where()}`), Reflect.apply(target as never, self, args)),
      });
    }
    const methods = [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
    ] as const;
    for (const [proto, name] of methods) {
      const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!;
      (proto as unknown as Record<string, unknown>)[name] = function (this: unknown, ...args: unknown[]) {
        uses.push(`${name} ${where()}`);
        return original.apply(this, args);
      };
    }
  });
}
const intlUses = (page: Page) => page.evaluate(() => (window as unknown as { __intlUses: string[] }).__intlUses);

/** Whether React has taken over #root: a hydrated element carries React's own properties. */
const hydrated = (page: Page) =>
  page.evaluate(() => {
    const first = document.getElementById('root')?.querySelector('header, main, div');
    return Boolean(first && Object.keys(first).some((k) => k.startsWith('__reactFiber')));
  });

for (const lang of ['ja', 'en'] as const) {
  test.describe(`server render (${lang})`, () => {
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    for (const { path, member, picture } of PAGES) {
      test(`${path}: the server's page is the page, and hydration keeps it`, async ({ page }) => {
        if (member) await logInDemoMember(page);
        const errors = collectErrors(page);
        await watchIntl(page);
        const res = await page.goto(path);
        expect(res?.status()).toBe(200);
        // A page drawn with a member's data (their points in the header) is kept by no cache; a guest's is revalidated.
        expect(res?.headers()['cache-control']).toBe(member ? 'private, no-store' : 'no-cache');
        const html = await res!.text();
        expect(html).toMatch(/<div id="root" data-lang="(ja|en)"><[a-z]/);
        expect(html).toContain(`data-lang="${lang}"`);
        expect(html).toContain('<script type="application/json" id="ssr-state">');
        // The page's code waits in the build's template until the page is painted (ADR 0060), the route's with it.
        const [, held = ''] = /<template id="app-code">([^]*?)<\/template>/.exec(html) ?? [];
        expect(held).toMatch(/^<script type="module"/);
        expect(html.replace(held, '')).not.toMatch(/<script type="module"|rel="modulepreload"/);
        // The header's words are in the HTML itself, in the page's language.
        expect(html).toContain(`>${catalogue(lang, 'layout').skipToContent as string}</a>`);
        await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
        // The pictures the page asks for first are the ones its HTML preloads at high priority, and only those (the
        // carousel's clones and the packs further down wait: ImageCarousel's FirstImageLoad).
        const preloadedHigh = [...html.matchAll(/<link rel="preload" as="image" href="([^"]+)" fetchPriority="high"/g)];
        const firstPictures = await page
          .locator('#root img[fetchpriority="high"]')
          .evaluateAll((imgs) => [...new Set(imgs.map((i) => i.getAttribute('src')))]);
        expect(preloadedHigh.map((m) => m[1]).sort()).toEqual(firstPictures.sort());
        expect(firstPictures.length > 0).toBe(picture);
        await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
        expect(errors.filter((e) => HYDRATION.test(e))).toEqual([]);
        // Drawn and hydrated without Intl; and the watcher does see a use.
        expect(await intlUses(page)).toEqual([]);
        await page.evaluate(() => (1234).toLocaleString('ja-JP'));
        expect(await intlUses(page)).toHaveLength(1);
      });
    }
  });
}

test('a guest asking for a member page is sent to log in by the server, and an unknown path to the top page', async ({
  page,
}) => {
  const buy = await page.request.get('/buy-point', { maxRedirects: 0 });
  expect(buy.status()).toBe(302);
  expect(buy.headers().location).toBe('/login?from=%2Fbuy-point');
  const withPack = await page.request.get('/confirm-buy-product?packId=1', { maxRedirects: 0 });
  expect(withPack.headers().location).toBe('/login?packId=1');
  const unknown = await page.request.get('/no-such-page', { maxRedirects: 0 });
  expect(unknown.status()).toBe(302);
  expect(unknown.headers().location).toBe('/');
});

test('a member page the server drew is not asked about again as it hydrates; one opened in the app is', async ({
  page,
}) => {
  await logInDemoMember(page);
  // Which page was shown each time the SPA asked who is logged in (the spec's member-route check).
  const asked: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/user/point') asked.push(new URL(page.url()).pathname);
  });
  await page.goto('/my-page');
  await expect.poll(() => hydrated(page), { timeout: 30_000 }).toBe(true);
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  // The server checked the session when it drew the page, with the reply the page hydrated with.
  expect(asked).toEqual([]);
  await page.locator('main a[href="/buy-point"]').first().click();
  await expect(page).toHaveURL(/\/buy-point$/);
  await expect.poll(() => asked).toContain('/buy-point');
});
