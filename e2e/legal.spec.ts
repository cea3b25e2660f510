import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { parseConfig } from '../apps/server/src/config';
import { logInDemoMember, snap, useLanguage } from './helpers';

// The operator the shop under test is configured with (the same environment the e2e server starts with).
const operator = parseConfig({ ...process.env, NODE_ENV: 'development' }).operator;

const PAGES = [
  {
    path: '/specific-commerce',
    name: 'specific-commerce',
    ja: '特定商取引法に基づく表記',
    en: 'Notice under the Act on Specified Commercial Transactions',
  },
  { path: '/terms-of-service', name: 'terms-of-service', ja: '利用規約', en: 'Terms of Service' },
  { path: '/privacy-protection', name: 'privacy-protection', ja: 'プライバシーポリシー', en: 'Privacy Policy' },
  { path: '/user-guide', name: 'user-guide', ja: 'ご利用ガイド', en: 'User Guide' },
] as const;

// The footer's new-tab pages show the same documents.
const ALIASES = [
  { path: '/terms/', ja: '利用規約', en: 'Terms of Service' },
  { path: '/policy/', ja: 'プライバシーポリシー', en: 'Privacy Policy' },
  {
    path: '/notation/',
    ja: '特定商取引法に基づく表記',
    en: 'Notice under the Act on Specified Commercial Transactions',
  },
  { path: '/user-guide/', ja: 'ご利用ガイド', en: 'User Guide' },
] as const;

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

for (const lang of ['ja', 'en'] as const) {
  const operatorName = lang === 'en' ? operator.nameEn : operator.name;

  test.describe(`legal pages in ${lang}`, () => {
    test.beforeEach(async ({ page }) => {
      await useLanguage(page, lang);
    });

    for (const p of PAGES) {
      test(`${p.path} shows the document with the configured operator`, async ({ page }, testInfo) => {
        await page.goto(p.path);
        await expect(h1(page)).toHaveText(p[lang]);
        await expect(page.getByText(operatorName, { exact: false }).first()).toBeVisible();
        await expect(page.locator('main')).not.toContainText('{{');
        await expect(page.locator('main')).not.toContainText('](/');
        await expect(page).toHaveTitle(new RegExp(`\\| ${lang === 'ja' ? 'キラキラオリパ' : 'KIRAKIRA ORIPA'}$`));
        await snap(page, testInfo, `legal-${p.name}-${lang}`);
      });
    }

    test('the notice lists seller, address, phone hours and e-mail from configuration', async ({ page }) => {
      await page.goto('/specific-commerce');
      const table = page.getByRole('table');
      await expect(table.getByRole('rowheader')).toHaveCount(13);
      await expect(table).toContainText(lang === 'en' ? operator.addressEn : operator.address);
      await expect(table).toContainText(operator.phone);
      await expect(table).toContainText(operator.email);
      await expect(table).toContainText(lang === 'en' ? operator.representativeEn : operator.representative);
      await expect(table).toContainText(lang === 'en' ? 'weekdays 10:00–17:00' : '平日 10:00〜17:00');
    });

    test('the terms have 24 articles, both dates and working contents links', async ({ page }) => {
      await page.goto('/terms-of-service');
      await expect(page.locator('section[id^="article-"]')).toHaveCount(24);
      await expect(
        page.getByText(lang === 'en' ? 'Established: 10 November 2021' : '2021年11月10日制定'),
      ).toBeVisible();
      await expect(
        page.getByText(lang === 'en' ? 'Partly revised: 22 March 2022' : '2022年3月22日一部改定'),
      ).toBeVisible();
      const toc = page.getByRole('navigation', { name: lang === 'en' ? 'Table of contents' : '目次' });
      await toc.locator('a[href="#article-24"]').click();
      await expect(page).toHaveURL(/#article-24$/);
      await expect(page.locator('#article-24')).toBeInViewport();
      await expect(page.locator('#article-24')).toContainText(
        lang === 'en' ? 'Saitama District Court' : 'さいたま地方裁判所',
      );
    });

    // One test for the four paths: each is a page load and a heading, less than a test's own setup costs.
    test('the new-tab paths /terms/, /policy/, /notation/ and /user-guide/ open the same documents', async ({
      page,
    }) => {
      for (const a of ALIASES) {
        await page.goto(a.path);
        await expect(h1(page), a.path).toHaveText(a[lang]);
      }
    });
  });
}

test('the footer terms link opens the terms of service in a new tab', async ({ page }, testInfo) => {
  await page.goto('/');
  const link = page.getByRole('contentinfo').locator('a[href="/terms/"]');
  await expect(link).toHaveAttribute('target', '_blank');
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect(h1(popup)).toHaveText('利用規約');
  await expect(popup.locator('section[id^="article-"]')).toHaveCount(24);
  await snap(popup, testInfo, 'legal-footer-terms-popup');
});

test('the payment-services notice and the point terms need a login, then show for a member', async ({
  page,
}, testInfo) => {
  await page.goto('/fund-settlement');
  await expect(page).toHaveURL(/\/login/);

  await logInDemoMember(page);

  await page.goto('/fund-settlement');
  await expect(h1(page)).toHaveText('資金決済法に基づく表示');
  await expect(page.getByRole('table')).toContainText(operator.name);
  await expect(page.getByRole('table')).toContainText('6か月');
  await snap(page, testInfo, 'legal-fund-settlement-ja');

  // In-text links move between the documents inside the app.
  await page.getByRole('table').getByRole('link', { name: 'ポイント利用規約' }).click();
  await expect(page).toHaveURL(/\/point-terms-of-service$/);
  await expect(h1(page)).toHaveText('ポイント利用規約');
  await expect(page.getByText('500ポイント', { exact: false }).first()).toBeVisible();
  await snap(page, testInfo, 'legal-point-terms-ja');
});

test('a legal page still shows when the operator details fail to load, with a contact-us fallback', async ({
  page,
}, testInfo) => {
  // The server draws the page with the details (ADR 0052), so the failure is the browser's own read: the page is
  // opened in the app from one without the footer (the maintenance page), whose details were never read.
  await page.goto('/maintenance');
  await expect(page.locator('#root h1')).toBeVisible();
  await page.route('**/api/user/site_info', (route) => route.abort());
  await page.evaluate(() => {
    history.pushState(null, '', '/specific-commerce');
    dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(h1(page)).toHaveText('特定商取引法に基づく表記');
  await expect(page.getByRole('table')).toContainText('お問い合わせください');
  await snap(page, testInfo, 'legal-site-info-failure');
});

test('a legal page prints black on white without the page chrome', async ({ page }, testInfo) => {
  await page.goto('/privacy-protection');
  await expect(h1(page)).toHaveText('プライバシーポリシー');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('contentinfo')).toBeHidden();
  await expect(page.getByRole('button', { name: '印刷する' })).toBeHidden();
  await expect(h1(page)).toHaveCSS('color', 'rgb(0, 0, 0)');
  await snap(page, testInfo, 'legal-print');
});
