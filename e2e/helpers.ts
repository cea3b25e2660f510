import { mkdirSync } from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';

/** Saves a full-page screenshot under test-results/screenshots/<project>-<name>.png for a person to look at. */
export async function snap(page: Page, testInfo: TestInfo, name: string) {
  mkdirSync('test-results/screenshots', { recursive: true });
  await page.screenshot({ path: `test-results/screenshots/${testInfo.project.name}-${name}.png`, fullPage: true });
}

/** Makes the page Japanese or English before the app reads its stored language. */
export async function useLanguage(page: Page, lang: 'ja' | 'en') {
  await page.addInitScript((l) => {
    try {
      localStorage.setItem('lang', l);
    } catch {
      /* ignore */
    }
  }, lang);
}
