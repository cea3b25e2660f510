import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { snap, useLanguage } from './helpers';

// Issue 19 §2 in both languages: a member whose mail address is not confirmed is refused at the exchange corner and
// at SMS verification with the pack purchase's message, in a dialog that mails the confirmation link again.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, Record<string, unknown>>;
const read = (lang: Lang, ns: string) =>
  JSON.parse(
    readFileSync(`apps/web/src/i18n/${ns === 'perks' ? 'lazy' : 'locales'}/${lang}/${ns}.json`, 'utf8'),
  ) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const CARD = { ja: 'オーロラファング', en: 'Aurora Fang' };
const REFUSAL = {
  ja: 'メールアドレスの確認が済むまで、ご購入やポイント・特典の受け取りはできません。確認メールのリンクを開いてください。',
  en: 'Please confirm your mail address first: until then you cannot buy, or receive points and rewards. Open the link in the mail we sent you.',
};

async function logInUnconfirmed(page: Page, lang: Lang) {
  const res = await page.request.post('/sandbox/members', { data: { lang, paidPoints: 10_000, mailVerified: false } });
  const m = (await res.json()) as { mail: string; pass: string };
  const account = read(lang, 'account');
  await page.goto('/login');
  await page.getByLabel(new RegExp(`^${str(account, 'fields.mail')}`)).fill(m.mail);
  await page.getByLabel(new RegExp(`^${str(account, 'fields.pass')}`)).fill(m.pass);
  await page.getByLabel(new RegExp(`^${str(account, 'fields.pass')}`)).press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

for (const lang of ['ja', 'en'] as const) {
  test.describe(`mail confirmation guard (${lang})`, () => {
    // One journey in steps: this language's tests run in order on one worker's shop (fullyParallel spreads the rest).
    test.describe.configure({ mode: 'default' });
    const account = read(lang, 'account');
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('the exchange corner refuses with the resend dialog, which sends the link', async ({ page }, testInfo) => {
      await logInUnconfirmed(page, lang);
      const b = read(lang, 'perks');
      await page.goto('/exchange-card');
      await page.getByRole('button', { name: `${CARD[lang]} ${str(b, 'exchange.exchange')}` }).click();
      const dialog = page.getByRole('dialog', { name: str(account, 'verifyMail.requiredTitle') });
      await expect(dialog.getByRole('alert')).toHaveText(REFUSAL[lang]);
      await snap(page, testInfo, `mail-guard-${lang}-exchange`, { fullPage: false });
      await dialog.getByRole('button', { name: str(account, 'verifyMail.resend') }).click();
      await expect(dialog.getByRole('status')).toHaveText(str(account, 'verifyMail.resent'));
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
    });

    test('SMS verification sends no code and says why', async ({ page }, testInfo) => {
      await logInUnconfirmed(page, lang);
      const pr = read(lang, 'programmes');
      await page.goto('/sms');
      await page.getByPlaceholder('00012345678').fill('09012345678');
      await page.getByRole('button', { name: str(pr, 'sms.send') }).click();
      await expect(
        page.getByRole('dialog', { name: str(account, 'verifyMail.requiredTitle') }).getByRole('alert'),
      ).toHaveText(REFUSAL[lang]);
      await snap(page, testInfo, `mail-guard-${lang}-sms`, { fullPage: false });
    });
  });
}
