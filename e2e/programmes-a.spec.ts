import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { snap, useLanguage } from './helpers';

// Member programmes, part 1 (issue 11) in both languages: SMS verification and the SMS-only pack; coins and the
// coin pack; a rank-up; rank maintenance with coins; withdrawal.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, Record<string, unknown>>;
const read = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/${ns}.json`, 'utf8')) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;
const field = (scope: Page | Locator, label: string) => scope.getByLabel(new RegExp(`^${escape(label)}`));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface SandboxMember {
  mail: string;
  pass: string;
  id: number;
}

async function newMember(page: Page, lang: Lang, data: Record<string, unknown> = {}): Promise<SandboxMember> {
  const res = await page.request.post('/sandbox/members', { data: { lang, ...data } });
  return (await res.json()) as SandboxMember;
}

async function logIn(page: Page, lang: Lang, m: SandboxMember) {
  const account = read(lang, 'account');
  await page.goto('/login');
  await field(page, str(account, 'fields.mail')).fill(m.mail);
  await field(page, str(account, 'fields.pass')).fill(m.pass);
  await field(page, str(account, 'fields.pass')).press('Enter');
  await expect(page).toHaveURL(/\/$/);
}

/** The code of the newest sandbox SMS to `e164`. */
async function smsCode(page: Page, e164: string): Promise<string> {
  const res = await page.request.get('/sandbox/outbox');
  const { messages } = (await res.json()) as { messages: { channel: string; recipient: string; body: string }[] };
  const sms = messages.find((m) => m.channel === 'sms' && m.recipient === e164);
  return /(\d{6})/.exec(sms?.body ?? '')![1]!;
}

const SMS_PACK = { ja: 'ドラゴンシジル 認証会員限定パック', en: 'Dragon Sigil: Verified Members Pack' };

for (const lang of ['ja', 'en'] as const) {
  test.describe(`member programmes A (${lang})`, () => {
    const pr = read(lang, 'programmes');
    const p = read(lang, 'pack');
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('verify by SMS (a wrong code first), then buy the SMS-only pack', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const m = await newMember(page, lang, { paidPoints: 5_000 });
      await logIn(page, lang, m);
      const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
      const e164 = `+8190${digits}`;

      await page.goto('/sms');
      await expect(page.getByRole('heading', { name: str(pr, 'sms.title') })).toBeVisible();
      await expect(field(page, str(pr, 'sms.telLabel'))).toHaveAttribute('placeholder', '00012345678');
      await snap(page, testInfo, `programmes-${lang}-sms-tel`);
      // An empty code is alerted and nothing is sent (code entry opened directly with pageMode=1).
      await page.goto('/sms?pageMode=1');
      const alerts: string[] = [];
      page.once('dialog', (d) => {
        alerts.push(d.message());
        void d.accept();
      });
      await page.getByRole('button', { name: str(pr, 'sms.verify') }).click();
      await expect.poll(() => alerts).toEqual([str(pr, 'sms.codeRequiredAlert')]);
      await expect(page).toHaveURL(/\/sms\?pageMode=1$/);

      await page.goto('/sms');
      await field(page, str(pr, 'sms.telLabel')).fill(`090${digits}`);
      await page.getByRole('button', { name: str(pr, 'sms.send') }).click();
      await expect(page).toHaveURL(/\/sms\?pageMode=1$/);
      const code = await smsCode(page, e164);
      await snap(page, testInfo, `programmes-${lang}-sms-code`);

      // A wrong code leads to /sms/error, whose button returns to code entry.
      await field(page, str(pr, 'sms.codeLabel')).fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: str(pr, 'sms.verify') }).click();
      await expect(page).toHaveURL(/\/sms\/error$/);
      await expect(page.getByRole('heading', { name: str(pr, 'sms.errorTitle') })).toBeVisible();
      await snap(page, testInfo, `programmes-${lang}-sms-error`);
      await page.getByRole('link', { name: str(pr, 'sms.toCodeEntry') }).click();
      await expect(page).toHaveURL(/\/sms\?pageMode=1$/);

      await field(page, str(pr, 'sms.codeLabel')).fill(code);
      await page.getByRole('button', { name: str(pr, 'sms.verify') }).click();
      await expect(page).toHaveURL(/\/sms\/success$/);
      await expect(page.getByRole('heading', { name: str(pr, 'sms.successTitle') })).toBeVisible();
      await expect(page.getByText(lang === 'ja' ? '500ポイント' : '500 points')).toBeVisible();
      await snap(page, testInfo, `programmes-${lang}-sms-success`);
      // Mode 2 from now on.
      await page.goto('/sms');
      await expect(page.getByText(str(pr, 'sms.verifiedLead'))).toBeVisible();

      // The SMS-only pack now sells to this member.
      await page.goto('/pack-list?index=1');
      await page.getByRole('link', { name: SMS_PACK[lang], exact: true }).click();
      await expect(page).toHaveURL(/\/pack-detail\?packId=\d+$/);
      await page
        .getByRole('button', { name: new RegExp(`^${escape(str(p, 'draw.one'))}\\s`) })
        .first()
        .click();
      await page
        .getByRole('dialog', { name: str(p, 'confirm.title') })
        .getByTestId('confirm-buy')
        .click();
      await expect(page).toHaveURL(/\/gacha-animation/);
    });
  });
}
