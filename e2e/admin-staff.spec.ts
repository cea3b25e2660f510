import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { consoleWalkIn, snap, useLanguage } from './helpers';
import { apiPost, signInStaff, totpAtShopTime } from './staff';

// Issue 10, staff and support: the owner signs in with two-step verification and invites a support member of
// staff, who sets up their own; support finds a member and adjusts points with a reason, which the member reads in
// their point history and the owner in the audit log. Every page is shot in both languages at both widths.
type Lang = 'ja' | 'en';
type Catalogue = Record<string, unknown>;
const catalogue = (lang: Lang, ns: string) =>
  JSON.parse(readFileSync(`apps/web/src/admin/i18n/${lang}/${ns}.json`, 'utf8')) as Catalogue;
const str = (c: Catalogue, path: string) => path.split('.').reduce<unknown>((o, k) => (o as Catalogue)[k], c) as string;

/** Signs in through the console's pages: password, then the TOTP setup read off the page, then the codes. */
async function signInWithSetup(page: Page, lang: Lang, name: string) {
  const auth = catalogue(lang, 'auth');
  await expect(page.getByRole('heading', { name: str(auth, 'totp.setupTitle') })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await expect(page.getByRole('img', { name: str(auth, 'totp.qrAlt') })).toBeVisible();
  await snap(page, test.info(), `admin-${name}-totp-setup-${lang}`);
  await page.getByLabel(str(auth, 'totp.code')).fill(await totpAtShopTime(page.request, secret));
  await page.getByRole('button', { name: str(auth, 'totp.enable') }).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  await snap(page, test.info(), `admin-${name}-recovery-${lang}`);
  await page.getByLabel(str(auth, 'recovery.saved')).check();
  await page.getByRole('button', { name: str(auth, 'recovery.continue') }).click();
}

for (const lang of consoleWalkIn('en')) {
  test(
    `owner and support with two-step sign-in; a points adjustment reaches history and audit (${lang})`,
    { tag: '@wide' },
    async ({ page }) => {
      test.setTimeout(120_000);
      await useLanguage(page, lang);
      const auth = catalogue(lang, 'auth');
      const staffText = catalogue(lang, 'staff');
      const members = catalogue(lang, 'members');
      const common = catalogue(lang, 'common');

      // The owner signs in: password, then two-step setup with the QR code and the recovery codes.
      const owner = (await (await page.request.post('/sandbox/staff', { data: { role: 'owner' } })).json()) as {
        mail: string;
        pass: string;
      };
      await page.goto('/admin/members');
      await expect(page).toHaveURL(/\/admin\/login\?back=/);
      await page.getByLabel(str(auth, 'login.mail')).fill(owner.mail);
      await page.getByLabel(str(auth, 'login.pass')).fill('wrong password here');
      await page.getByRole('button', { name: str(auth, 'login.submit') }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await page.getByLabel(str(auth, 'login.pass')).fill(owner.pass);
      await snap(page, test.info(), `admin-login-${lang}`);
      await page.getByRole('button', { name: str(auth, 'login.submit') }).click();
      await signInWithSetup(page, lang, 'owner');
      await expect(page).toHaveURL(/\/admin\/members$/);

      // The owner invites a support member of staff and reads the one-time link.
      await page.goto('/admin/staff');
      const supportMail = `support.${Date.now()}.${lang}@staff.test`;
      await page
        .getByLabel(str(staffText, 'name'), { exact: true })
        .fill(lang === 'ja' ? '佐藤 サポート' : 'Sam Support');
      await page.getByLabel(str(staffText, 'mail'), { exact: true }).fill(supportMail);
      await page.getByLabel(str(staffText, 'role'), { exact: true }).selectOption('support');
      await page.getByRole('button', { name: str(staffText, 'invite'), exact: true }).click();
      const link = (await page.getByTestId('invite-link').textContent())!.trim();
      await expect(page.getByRole('cell', { name: supportMail })).toBeVisible();
      await snap(page, test.info(), `admin-staff-${lang}`);

      // The new member of staff opens the link (another browser: no owner cookies), sets a password and 2FA.
      await page.context().clearCookies();
      await page.goto(new URL(link).pathname + new URL(link).search);
      await expect(page.getByRole('heading', { name: str(auth, 'setup.title') })).toBeVisible();
      await page.getByLabel(str(auth, 'setup.pass'), { exact: true }).fill('short');
      await page.getByRole('button', { name: str(auth, 'setup.submit') }).click();
      await expect(page.getByRole('alert').first()).toBeVisible();
      await page.getByLabel(str(auth, 'setup.pass'), { exact: true }).fill('support passphrase 2026');
      await page.getByLabel(str(auth, 'setup.confirmPass')).fill('support passphrase 2026');
      await snap(page, test.info(), `admin-invite-setup-${lang}`);
      await page.getByRole('button', { name: str(auth, 'setup.submit') }).click();
      await signInWithSetup(page, lang, 'support');
      await expect(page).toHaveURL(/\/admin\/members$/);
      // Support has no staff or audit pages.
      await expect(page.getByRole('link', { name: str(catalogue(lang, 'nav'), 'audit') })).toHaveCount(0);

      // Support finds a member by mail and adjusts their points with a reason.
      const member = (await (
        await page.request.post('/sandbox/members', { data: { freePoints: 1000, lang } })
      ).json()) as {
        id: number;
        mail: string;
        pass: string;
      };
      await page.getByLabel(str(members, 'search'), { exact: true }).fill(member.mail);
      await page.getByRole('button', { name: str(common, 'search'), exact: true }).click();
      await expect(page.getByRole('cell', { name: member.mail })).toBeVisible();
      await snap(page, test.info(), `admin-members-${lang}`);
      await page.getByRole('row').filter({ hasText: member.mail }).getByRole('link').click();
      await expect(page.getByTestId('point-balance')).toHaveText('1,000 pt');
      // The idle rule (ADR 0037): a new account closes 6 months on if no point is bought, used or exchanged.
      await expect(page.getByTestId('idle-closes')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      await expect(page.getByTestId('idle-notice')).toHaveText(str(members, 'idleNoticeNotYet'));

      const reason = lang === 'ja' ? 'お詫び（発送遅延）' : 'Apology for a late parcel';
      const form = page.getByRole('form', { name: str(members, 'adjustTitle') });
      const amount = form.getByLabel(str(members, 'amount'), { exact: true });
      // No reason: refused in the form; more than the balance: refused by the server. Nothing changes.
      await amount.fill('-5000');
      await form.getByRole('button', { name: str(members, 'adjustCheck'), exact: true }).click();
      await expect(page.getByText(lang === 'ja' ? '理由を入力してください' : 'Enter a reason')).toBeVisible();
      await form.getByLabel(str(members, 'reasonLabel'), { exact: true }).fill(reason);
      await form.getByRole('button', { name: str(members, 'adjustCheck'), exact: true }).click();
      await expect(
        page.getByText(lang === 'ja' ? '残高（1000）を超えて' : 'Cannot take more than the balance (1000)'),
      ).toBeVisible();
      await expect(page.getByTestId('point-balance')).toHaveText('1,000 pt');
      await amount.fill('250');
      await form.getByRole('button', { name: str(members, 'adjustCheck'), exact: true }).click();
      // The confirm step (issue 21 §10): before → after, then confirm; nothing changed before it.
      const confirm = page.getByTestId('adjust-confirm');
      await expect(confirm.getByTestId('adjust-before-after')).toContainText('1,000 → 1,250');
      await expect(page.getByTestId('point-balance')).toHaveText('1,000 pt');
      await snap(page, test.info(), `admin-adjust-confirm-${lang}`);
      await confirm.getByRole('button', { name: str(members, 'confirmApply'), exact: true }).click();
      await expect(page.getByTestId('point-balance')).toHaveText('1,250 pt');
      // The note shows in its own column (and after the label in the Kind column).
      await expect(page.getByRole('cell', { name: reason, exact: true })).toBeVisible();
      await snap(page, test.info(), `admin-member-${lang}`);

      // The owner (another sign-in) finds it in the audit log.
      await page.context().clearCookies();
      await signInStaff(page, 'owner');
      await page.goto('/admin/audit');
      const audit = catalogue(lang, 'audit');
      await page.getByLabel(str(audit, 'action'), { exact: true }).selectOption('member.adjust');
      await page.getByRole('button', { name: str(common, 'search'), exact: true }).click();
      await expect(page).toHaveURL(/action=member\.adjust/);
      // Both widths share one shop: this run's row is the one naming this member.
      const row = page
        .getByRole('row')
        .filter({ hasText: reason })
        .filter({ hasText: new RegExp(`#${member.id}(?!\\d)`) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(lang === 'ja' ? '佐藤 サポート' : 'Sam Support');
      await snap(page, test.info(), `admin-audit-${lang}`);

      // The member reads it in their point history, in the journey's language: clearing the cookies took the `lang`
      // cookie the server draws the storefront in (ADR 0052) with the staff session.
      await page.context().clearCookies();
      await useLanguage(page, lang);
      expect((await apiPost(page.request, '/user/login', { mail: member.mail, pass: member.pass })).state).toBe(200);
      await page.goto('/buy-point-history');
      const label = lang === 'ja' ? '運営による調整' : 'Adjustment by the shop';
      await expect(page.getByText(`${label}${lang === 'ja' ? '：' : ': '}${reason}`)).toBeVisible();
      await snap(page, test.info(), `admin-member-history-${lang}`);
    },
  );
}
