import { mkdirSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { expectAccessible } from './axe';

/**
 * Saves a screenshot under test-results/screenshots/<project>-<name>.png for a person to look at (the whole page,
 * or only what is on screen: fixed drawers look wrong in full-page shots), and runs axe on the same page state.
 * In CI nobody looks at the pictures, so only the axe check runs there (a full-page PNG costs about a second on a
 * busy 2-core machine, some 300 a run); E2E_SCREENSHOTS=1 takes them there too.
 */
export async function snap(page: Page, testInfo: TestInfo, name: string, opts: { fullPage?: boolean } = {}) {
  // The route's chunk and first reads in, so the picture is the page and not its skeleton.
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
  if (TAKE_SCREENSHOTS) {
    mkdirSync('test-results/screenshots', { recursive: true });
    await page.screenshot({
      path: `test-results/screenshots/${testInfo.project.name}-${name}.png`,
      fullPage: opts.fullPage ?? true,
    });
  }
  await expectAccessible(page, testInfo, name);
}
const TAKE_SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === '1' : !process.env.CI;

/**
 * Makes the page Japanese or English as a visitor who picked it has it: the `lang` cookie the server draws the
 * storefront in (ADR 0052), and the stored choice the console reads, both set before the first request.
 */
export async function useLanguage(page: Page, lang: 'ja' | 'en') {
  // Every shop of the journeys is on 127.0.0.1 (fixtures.ts); a cookie is not bound to a port.
  await page.context().addCookies([{ name: 'lang', value: lang, url: 'http://127.0.0.1' }]);
  await page.addInitScript((l) => {
    try {
      localStorage.setItem('lang', l);
      // As if the visitor had picked it: the console otherwise starts in the browser's language (en-US here).
      localStorage.setItem('lang-chosen', l);
    } catch {
      /* ignore */
    }
  }, lang);
}

/** Logs the demo member in through the API, as the SPA does (a CSRF pair, then the form post); the login page has
 * its own journey test. */
export const logInDemoMember = (page: Page) => logInThroughApi(page, 'demo@kirakira-oripa.example', 'demo1234');

/** Logs a member in through the API with the page's cookies, as the SPA's login form does. */
export async function logInThroughApi(page: Page, mail: string, pass: string) {
  const start = await (await page.request.get('/api/user/point')).json();
  const login = await page.request.post('/api/user/login', {
    form: {
      csrf_name: start.csrf.csrf_name,
      csrf_value: start.csrf.csrf_value,
      json: JSON.stringify({ mail, pass, save_cookie: '0' }),
    },
  });
  expect((await login.json()).state, `login of ${mail}`).toBe(200);
}

/**
 * The language a long console walk runs in: one, not both, to keep the browser stage inside CI's time (ADR 0038). The
 * walks alternate (new game, exchange: ja; catalogue, shipping, partners, staff: en), and admin/i18n/keys.test.ts
 * holds both languages to the same keys.
 */
export const consoleWalkIn = (lang: 'ja' | 'en'): ('ja' | 'en')[] => [lang];
