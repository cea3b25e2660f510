import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { snap, useLanguage } from './helpers';

// Responsible play (issue 19 §2) in both languages, at one width (390 px) to keep CI short: the first purchase
// asks the birth month and a minor's guardian consent; My Page's spending limits (a lower limit at once, a raise
// waiting 7 days, a cool-off); a purchase over the limit refused before any payment, with the limit in the message.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, unknown>;
const read = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/${ns}.json`, 'utf8')) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const label = (page: Page, text: string) => page.getByLabel(new RegExp(`^${escape(text)}`));

async function logInNewMember(page: Page, lang: Lang) {
  // A member who has not given a birth month yet (sandbox members are adults with one by default).
  const res = await page.request.post('/sandbox/members', { data: { lang, birthMonth: null } });
  const m = (await res.json()) as { mail: string; pass: string };
  const account = read(lang, 'account');
  await page.goto('/login');
  await label(page, str(account, 'fields.mail')).fill(m.mail);
  await label(page, str(account, 'fields.pass')).fill(m.pass);
  await label(page, str(account, 'fields.pass')).press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

/** Opens the confirm page of the first (¥500) course. */
async function openFirstCourse(page: Page, lang: Lang) {
  const pay = read(lang, 'payment');
  await page.goto('/buy-point');
  await page
    .getByRole('main')
    .getByRole('link', { name: str(pay, 'buyPoint.buy') })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: str(pay, 'confirm.title'), exact: true })).toBeVisible();
}

for (const lang of ['ja', 'en'] as const) {
  test(`responsible play (${lang})`, async ({ page }, testInfo) => {
    // A long journey (two purchases attempted, three My Page visits, axe on each picture).
    test.setTimeout(180_000);
    const pay = read(lang, 'payment');
    const account = read(lang, 'account');
    await useLanguage(page, lang);
    await logInNewMember(page, lang);

    // First purchase: the birth month first; a 16-year-old must tick the guardian's consent.
    await openFirstCourse(page, lang);
    await expect(page.getByRole('heading', { name: str(pay, 'birthMonth.title') })).toBeVisible();
    const year = String(new Date().getFullYear() - 16);
    await label(page, str(pay, 'birthMonth.year')).selectOption(year);
    await label(page, str(pay, 'birthMonth.month')).selectOption('1');
    const consent = page.getByRole('checkbox', { name: str(pay, 'birthMonth.consent') });
    await expect(consent).toBeVisible();
    await snap(page, testInfo, `limits-${lang}-birth-month`);
    await consent.check();
    await page.getByRole('button', { name: str(pay, 'birthMonth.submit') }).click();
    await expect(page.getByRole('button', { name: str(pay, 'confirm.submit') })).toBeVisible();

    // My Page: the age band's cap shows; a lower own limit applies at once.
    await page.goto('/my-page');
    const panel = page.getByRole('region', { name: str(account, 'spendingLimits.title') });
    await expect(panel.getByText('¥20,000').first()).toBeVisible();
    await label(page, str(account, 'spendingLimits.limitField')).fill('300');
    await panel.getByRole('button', { name: str(account, 'spendingLimits.saveLimit') }).click();
    await expect(label(page, str(account, 'spendingLimits.limitField'))).toHaveValue('300');

    // A ¥500 purchase is now refused before any payment, the limit and the month's total in the message.
    await openFirstCourse(page, lang);
    // At the convenience store: no card to type, the order would simply be placed.
    await page.locator('input[name="payId"][value="2"]').check();
    await page.getByRole('button', { name: str(pay, 'confirm.submit') }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('alert')).toHaveText(/¥300\D.*¥0(?!\d)/);
    await snap(page, testInfo, `limits-${lang}-refused`, { fullPage: false });

    // A raise waits 7 days (shown with its date); a cool-off is started.
    await page.goto('/my-page');
    await label(page, str(account, 'spendingLimits.limitField')).fill('10000');
    await panel.getByRole('button', { name: str(account, 'spendingLimits.saveLimit') }).click();
    await expect(panel.getByTestId('pending-limit')).toContainText('¥10,000');
    await panel.getByRole('radio', { name: str(account, 'spendingLimits.period.24h') }).check();
    await panel.getByRole('button', { name: str(account, 'spendingLimits.startCoolOff') }).click();
    await expect(panel.getByTestId('cool-off')).not.toHaveText(str(account, 'spendingLimits.none'));
    await snap(page, testInfo, `limits-${lang}-my-page`);
  });
}
