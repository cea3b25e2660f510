import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { snap, useLanguage } from './helpers';

// Membership (issue 11) in both languages: SMS verification and the SMS-only pack; coins and the
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

/** Pays the course on the confirm page with the sandbox's good card, then closes the success alert. */
async function payByCard(page: Page, lang: Lang) {
  const pay = read(lang, 'payment');
  await expect(page.getByRole('heading', { name: str(pay, 'confirm.title'), exact: true })).toBeVisible();
  await page.getByLabel(str(pay, 'card.number'), { exact: true }).pressSequentially('4111111111111111');
  await page.getByLabel(str(pay, 'card.month')).fill('12');
  await page.getByLabel(str(pay, 'card.year')).fill('35');
  await page.getByLabel(str(pay, 'card.cvc'), { exact: true }).fill('123');
  await page.getByLabel(str(pay, 'card.name')).fill('TARO YAMADA');
  await page.getByRole('button', { name: str(pay, 'confirm.submit') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(str(pay, 'result.successTitle')).first()).toBeVisible();
  await dialog.getByRole('button').last().click();
}

/** Opens a pack of the first game by name, draws once (confirm modal) and waits for the reveal. */
async function drawOnce(page: Page, lang: Lang, packName: string) {
  const p = read(lang, 'pack');
  await page.goto('/pack-list?index=1');
  await page.getByRole('link', { name: packName, exact: true }).click();
  await expect(page).toHaveURL(/\/pack-detail\?packId=\d+$/);
  // The list's draw buttons stay on screen until the pack page has loaded: wait for its heading first.
  await expect(page.getByRole('heading', { level: 1, name: packName })).toBeVisible();
  await page
    .getByRole('button', { name: new RegExp(`^${escape(str(p, 'draw.one'))}\\s`) })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: str(p, 'confirm.title') })
    .getByTestId('confirm-buy')
    .click();
  await expect(page).toHaveURL(/\/gacha-animation/);
  await page.getByRole('button', { name: str(p, 'reveal.tap') }).click();
  const skip = page.getByRole('button', { name: str(p, 'reveal.skip') });
  await skip.click().catch(() => {});
  await page.getByTestId('reveal-next').click();
}

/** Opens the side menu from the header's account button. */
async function openMenu(page: Page) {
  await page.locator('header button[aria-controls="side-menu"]').first().click();
  await expect(page.locator('#side-menu')).toBeVisible();
}

const COIN_PACK = { ja: 'ドラゴンシジル コインパック', en: 'Dragon Sigil: Coin Pack' };
const POINT_PACK = { ja: 'ドラゴンシジル 蒼炎の覇者パック', en: 'Dragon Sigil: Azure Flame Sovereign Pack' };
const SMS_PACK = { ja: 'ドラゴンシジル 認証会員限定パック', en: 'Dragon Sigil: Verified Members Pack' };

for (const lang of ['ja', 'en'] as const) {
  test.describe(`membership (${lang})`, () => {
    // One journey in steps: this language's tests run in order on one worker's shop (fullyParallel spreads the rest).
    test.describe.configure({ mode: 'default' });
    const pr = read(lang, 'programmes');
    const p = read(lang, 'pack');
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test('verify by SMS (a wrong code first), then buy the SMS-only pack', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const m = await newMember(page, lang, { paidPoints: 5_000 });
      await logIn(page, lang, m);
      const digits = `1${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
      const e164 = `+8190${digits}`;

      await page.goto('/sms');
      await expect(page.getByRole('heading', { name: str(pr, 'sms.title') })).toBeVisible();
      await expect(field(page, str(pr, 'sms.telLabel'))).toHaveAttribute('placeholder', '00012345678');
      await snap(page, testInfo, `membership-${lang}-sms-tel`);
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
      await snap(page, testInfo, `membership-${lang}-sms-code`);

      // A wrong code leads to /sms/error, whose button returns to code entry.
      await field(page, str(pr, 'sms.codeLabel')).fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: str(pr, 'sms.verify') }).click();
      await expect(page).toHaveURL(/\/sms\/error$/);
      await expect(page.getByRole('heading', { name: str(pr, 'sms.errorTitle') })).toBeVisible();
      await snap(page, testInfo, `membership-${lang}-sms-error`);
      await page.getByRole('link', { name: str(pr, 'sms.toCodeEntry') }).click();
      await expect(page).toHaveURL(/\/sms\?pageMode=1$/);

      await field(page, str(pr, 'sms.codeLabel')).fill(code);
      await page.getByRole('button', { name: str(pr, 'sms.verify') }).click();
      await expect(page).toHaveURL(/\/sms\/success$/);
      await expect(page.getByRole('heading', { name: str(pr, 'sms.successTitle') })).toBeVisible();
      await expect(page.getByText(lang === 'ja' ? '500ポイント' : '500 points')).toBeVisible();
      await snap(page, testInfo, `membership-${lang}-sms-success`);
      // Mode 2 from now on.
      await page.goto('/sms');
      await expect(page.getByText(str(pr, 'sms.verifiedLead'))).toBeVisible();

      // The SMS-only pack now sells to this member.
      await page.goto('/pack-list?index=1');
      await page.getByRole('link', { name: SMS_PACK[lang], exact: true }).click();
      await expect(page).toHaveURL(/\/pack-detail\?packId=\d+$/);
      await expect(page.getByRole('heading', { level: 1, name: SMS_PACK[lang] })).toBeVisible();
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

    test('buy coins, draw the coin pack and end on /thank-you; coin history', async ({ page }, testInfo) => {
      test.setTimeout(120_000);
      const m = await newMember(page, lang);
      await logIn(page, lang, m);
      await page.goto('/buy-coin');
      await expect(page.getByRole('heading', { name: str(pr, 'coin.title') })).toBeVisible();
      await snap(page, testInfo, `membership-${lang}-buy-coin`);
      await page
        .getByRole('link', {
          name: str(read(lang, 'payment'), 'coinBuyLabel').replace('{{value}}', '500').replace('{{price}}', '500'),
        })
        .click();
      await payByCard(page, lang);
      await expect(page).toHaveURL(/\/coin-history$/);
      await expect(page.getByText('500').first()).toBeVisible();
      await snap(page, testInfo, `membership-${lang}-coin-history`);

      await drawOnce(page, lang, COIN_PACK[lang]);
      await expect(page).toHaveURL(/\/thank-you$/);
      await expect(page.getByRole('heading', { name: str(read(lang, 'pack'), 'thanks.title') })).toBeVisible();
      await snap(page, testInfo, `membership-${lang}-thank-you`);
      await page.goto('/coin-history');
      await expect(page.getByRole('row').filter({ hasText: '-50' }).first().getByRole('link')).toBeVisible();
    });

    test('a point purchase crosses the rank threshold; the rank-up shows after the next reveal', async ({
      page,
    }, testInfo) => {
      test.setTimeout(150_000);
      const m = await newMember(page, lang);
      await logIn(page, lang, m);
      await page.goto('/buy-point');
      const pay = read(lang, 'payment');
      await page
        .getByRole('link', {
          name: str(pay, 'buyPoint.buyLabel').replace('{{point}}', '10,000').replace('{{price}}', '10,000'),
        })
        .click();
      await payByCard(page, lang);
      await drawOnce(page, lang, POINT_PACK[lang]);
      const modal = page.getByRole('dialog', { name: str(pr, 'rank.upTitle') });
      await expect(modal).toBeVisible();
      await expect(modal.getByText(lang === 'ja' ? 'シルバー' : 'Silver').first()).toBeVisible();
      await snap(page, testInfo, `membership-${lang}-rank-up`, { fullPage: false });
      await modal.getByRole('button', { name: str(pr, 'rank.next') }).click();
      await expect(page).toHaveURL(/\/get-card-list/);
    });

    test('keep the rank with coins from the side menu', async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const m = await newMember(page, lang, { rank: 3, coins: 20_000 });
      await logIn(page, lang, m);
      await openMenu(page);
      await page.getByRole('button', { name: str(read(lang, 'layout'), 'menu.rank.maintain') }).click();
      const confirm = page.getByRole('dialog', { name: str(pr, 'rank.confirmTitle') });
      await expect(confirm).toBeVisible();
      // Next month's start rank, the coins used, the balance before and after.
      const facts = confirm.locator('dd');
      await expect(facts).toHaveText(
        lang === 'ja'
          ? ['ゴールド', '10,000コイン', '20,000コイン', '10,000コイン']
          : ['Gold', '10,000 coins', '20,000 coins', '10,000 coins'],
      );
      await snap(page, testInfo, `membership-${lang}-rank-confirm`, { fullPage: false });
      await confirm.getByRole('button', { name: str(pr, 'rank.confirm') }).click();
      const done = page.getByRole('dialog', { name: str(pr, 'rank.completeTitle') });
      await expect(done).toBeVisible();
      await expect(done.getByText(lang === 'ja' ? 'ゴールド' : 'Gold').first()).toBeVisible();
      await snap(page, testInfo, `membership-${lang}-rank-complete`, { fullPage: false });
      // The × in the corner has the same name; the button under the text is the last one.
      await done
        .getByRole('button', { name: str(pr, 'rank.close') })
        .last()
        .click();
      await expect(page.getByText(str(read(lang, 'layout'), 'menu.rank.maintainedNote'))).toBeVisible();
    });

    test('withdraw: what is lost, password, confirmation, then no login', async ({ page }, testInfo) => {
      test.setTimeout(90_000);
      const m = await newMember(page, lang, { paidPoints: 1_000, coins: 300 });
      await logIn(page, lang, m);
      await page.goto('/withdraw');
      const lost = page.getByTestId('withdraw-lost');
      await expect(lost).toContainText(lang === 'ja' ? '1,000P' : '1,000 P');
      await expect(lost).toContainText(lang === 'ja' ? '300コイン' : '300 coins');
      await snap(page, testInfo, `membership-${lang}-withdraw`);
      await field(page, str(pr, 'withdraw.pass')).fill(m.pass);
      await page.getByLabel(str(pr, 'withdraw.agree')).check();
      page.once('dialog', (d) => void d.accept());
      await page.getByRole('button', { name: str(pr, 'withdraw.submit') }).click();
      await expect(page).toHaveURL(/\/withdraw\/complete$/);
      await expect(page.getByRole('heading', { name: str(pr, 'withdraw.doneTitle') })).toBeVisible();
      await snap(page, testInfo, `membership-${lang}-withdrawn`);
      const res = await page.request.get('/api/user/point');
      expect(((await res.json()) as { is_login: string }).is_login).toBe('0');
    });
  });
}
