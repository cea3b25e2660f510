import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { snap, useLanguage } from './helpers';

// The perks (issue 11) in both languages: exchange a card; link a partner site and transfer points;
// take the LINE daily draw and claim the follow campaign.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, Record<string, unknown>>;
const read = (lang: Lang, ns: string) =>
  JSON.parse(
    readFileSync(`apps/web/src/i18n/${ns === 'perks' ? 'lazy' : 'locales'}/${lang}/${ns}.json`, 'utf8'),
  ) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escape(label)}`));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function newMember(page: Page, lang: Lang, data: Record<string, unknown> = {}) {
  const res = await page.request.post('/sandbox/members', { data: { lang, ...data } });
  return (await res.json()) as { mail: string; pass: string; id: number };
}

async function logIn(page: Page, lang: Lang, data: Record<string, unknown> = {}) {
  const m = await newMember(page, lang, data);
  const account = read(lang, 'account');
  await page.goto('/login');
  await field(page, str(account, 'fields.mail')).fill(m.mail);
  await field(page, str(account, 'fields.pass')).fill(m.pass);
  await field(page, str(account, 'fields.pass')).press('Enter');
  await expect(page).toHaveURL(/\/$/);
  return m;
}

/**
 * Accepts every dialog (alert and confirm) the page opens and keeps its text: a confirm opened inside a click
 * blocks that click until answered, so the answer cannot wait for the click to finish.
 */
function acceptDialogs(page: Page): string[] {
  const said: string[] = [];
  page.on('dialog', (dialog) => {
    said.push(dialog.message());
    void dialog.accept();
  });
  return said;
}

async function pointsNow(page: Page): Promise<number> {
  const res = await page.request.get('/api/user/point');
  return Number(((await res.json()) as { point: string }).point);
}

const CARD = { ja: 'オーロラファング', en: 'Aurora Fang' };
const SITE = { ja: 'スタートレカ（姉妹サイト）', en: 'Star Toreca (sister site)' };
const PARTNER = { loginid: 'star@partner.example', password: 'partner123' };

for (const lang of ['ja', 'en'] as const) {
  test.describe(`perks (${lang})`, () => {
    // One journey in steps: this language's tests run in order on one worker's shop (fullyParallel spreads the rest).
    test.describe.configure({ mode: 'default' });
    const b = read(lang, 'perks');
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('exchange a card for points, then convert it', async ({ page }, testInfo) => {
      await logIn(page, lang, { paidPoints: 10_000, address: true });
      await page.goto('/exchange-card');
      await expect(page.getByRole('heading', { name: str(b, 'exchange.title') })).toBeVisible();
      await expect(page.getByText(CARD[lang], { exact: true })).toBeVisible();
      await snap(page, testInfo, `perks-${lang}-exchange-list`);

      await page.getByRole('button', { name: `${CARD[lang]} ${str(b, 'exchange.exchange')}` }).click();
      const confirm = page.getByRole('dialog', { name: str(b, 'exchange.confirmTitle') });
      await expect(confirm).toBeVisible();
      await expect(confirm.getByText(/10,000pt/)).toBeVisible();
      await expect(confirm.getByText(/6,800pt/)).toBeVisible();
      await snap(page, testInfo, `perks-${lang}-exchange-confirm`, { fullPage: false });
      await confirm.getByRole('button', { name: str(b, 'exchange.confirm'), exact: true }).click();

      const done = page.getByRole('dialog', { name: str(b, 'exchange.doneTitle') });
      await expect(done).toBeVisible();
      await snap(page, testInfo, `perks-${lang}-exchange-done`, { fullPage: false });
      expect(await pointsNow(page)).toBe(6_800);
      const said = acceptDialogs(page);
      await done.getByRole('button', { name: fill(str(b, 'exchange.convert'), { point: '2,000' }) }).click();
      await expect.poll(() => said).toEqual([fill(str(b, 'exchange.converted'), { point: '2,000' })]);
      await expect(done).toBeHidden();
      expect(await pointsNow(page)).toBe(8_800);
    });

    test('link a partner site (a wrong password first) and transfer points from it', async ({ page }, testInfo) => {
      await logIn(page, lang);
      const said = acceptDialogs(page);
      await page.goto('/transfer-point');
      await expect(page.getByRole('heading', { name: 'TRANSFER POINT', exact: true })).toBeVisible();
      const site = page.getByRole('article', { name: SITE[lang] });
      await expect(site.getByText(str(b, 'transfer.unlinked')).first()).toBeVisible();
      await snap(page, testInfo, `perks-${lang}-transfer-list`);

      await site.getByRole('button', { name: str(b, 'transfer.unlinked') }).click();
      const login = page.getByRole('dialog', { name: fill(str(b, 'transfer.loginTitle'), { site: SITE[lang] }) });
      await field(login, str(b, 'transfer.loginid')).fill(PARTNER.loginid);
      await field(login, str(b, 'transfer.password')).fill('wrong-password');
      await snap(page, testInfo, `perks-${lang}-transfer-login`, { fullPage: false });
      await login.getByRole('button', { name: str(b, 'transfer.login') }).click();
      await expect.poll(() => said).toEqual([str(b, 'transfer.loginFailedAlert')]);
      await expect(login).toBeVisible(); // the popup stays open
      await field(login, str(b, 'transfer.password')).fill(PARTNER.password);
      await login.getByRole('button', { name: str(b, 'transfer.login') }).click();
      await expect.poll(() => said.at(-1)).toBe(str(b, 'transfer.linkedAlert'));
      await expect(site.getByText(str(b, 'transfer.linked'), { exact: true })).toBeVisible();

      await site.getByRole('button', { name: str(b, 'transfer.migrate') }).click();
      const popup = page.getByRole('dialog', { name: fill(str(b, 'transfer.pointTitle'), { site: SITE[lang] }) });
      await field(popup, str(b, 'transfer.pointLabel')).fill('0');
      await popup.getByRole('button', { name: str(b, 'transfer.send') }).click();
      await expect(popup.getByRole('alert')).toHaveText(
        lang === 'ja' ? '1ポイント以上を入力してください' : 'Enter 1 point or more',
      );
      await field(popup, str(b, 'transfer.pointLabel')).fill('1500');
      await snap(page, testInfo, `perks-${lang}-transfer-point`, { fullPage: false });
      said.length = 0;
      await popup.getByRole('button', { name: str(b, 'transfer.send') }).click();
      // The confirmation names the site, then the success alert.
      await expect
        .poll(() => said)
        .toEqual([
          fill(str(b, 'transfer.confirm'), { site: SITE[lang], point: '1,500' }),
          str(b, 'transfer.movedAlert'),
        ]);
      await expect(popup).toBeHidden();
      expect(await pointsNow(page)).toBe(1_500);
    });

    test('link LINE, take the daily draw once, and claim the follow campaign', async ({ page }, testInfo) => {
      await logIn(page, lang);
      await page.goto('/daily-draw');
      await expect(page.getByRole('heading', { name: str(b, 'daily.title') })).toBeVisible();
      await expect(
        page.getByRole('cell', { name: fill(str(b, 'daily.prizePoint'), { point: '2,000' }) }),
      ).toBeVisible();
      await snap(page, testInfo, `perks-${lang}-daily-unlinked`);
      const draw = page.getByRole('button', { name: str(b, 'daily.draw') });
      // Linking may be tried a second time with a fresh link: in one full run (1 of the 8 variants) the first try
      // ended unlinked for a reason not found yet. A refusal's alert text is kept in the test's annotations.
      const alerts: string[] = [];
      page.on('dialog', (d) => {
        alerts.push(d.message());
        void d.dismiss();
      });
      await expect(async () => {
        await page.getByRole('link', { name: str(b, 'daily.link') }).click({ timeout: 5_000 });
        await expect(draw).toBeVisible({ timeout: 10_000 });
      }).toPass({ timeout: 45_000 });
      if (alerts.length)
        testInfo.annotations.push({ type: 'daily-draw link refused', description: alerts.join(' | ') });
      await expect(page).toHaveURL(/\/daily-draw$/);
      await draw.click();
      await expect(page.getByText(str(b, 'daily.drawn'))).toBeVisible();
      await expect(draw).toBeHidden();
      const won = await pointsNow(page);
      expect([0, 10, 30, 100, 2000]).toContain(won);
      await snap(page, testInfo, `perks-${lang}-daily-drawn`);
      await page.reload();
      await expect(page.getByText(str(b, 'daily.drawn'))).toBeVisible();

      await page.goto('/sns-campaign');
      await field(page, str(b, 'sns.codeLabel')).fill('NOT-A-CODE');
      await page.getByRole('button', { name: str(b, 'sns.claim') }).click();
      await expect(page.getByRole('alert')).toHaveText(
        lang === 'ja' ? 'キャンペーンコードが正しくありません' : 'The campaign code is not correct',
      );
      await field(page, str(b, 'sns.codeLabel')).fill('KIRAKIRA-FOLLOW');
      await page.getByRole('button', { name: str(b, 'sns.claim') }).click();
      await expect(page.getByText(str(b, 'sns.claimed'))).toBeVisible();
      await snap(page, testInfo, `perks-${lang}-sns-claimed`);
      expect(await pointsNow(page)).toBe(won + 300);
    });
  });
}
