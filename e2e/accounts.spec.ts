import { readFileSync } from 'node:fs';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { logInDemoMember, snap, useLanguage } from './helpers';

// The account journeys of issue 2 in both languages, on the real shop (fresh embedded DB, sandbox outbox).
type Lang = 'ja' | 'en';
type Catalogue = Record<string, Record<string, string>>;
const catalogue = (lang: Lang): Catalogue =>
  JSON.parse(readFileSync(`apps/web/src/i18n/locales/${lang}/account.json`, 'utf8')) as Catalogue;
const MISMATCH = { ja: 'メールアドレスまたはパスワードが一致しません', en: 'Email address or password do not match' };
const DAY = 24 * 3600;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A form field by its label; the label also holds the (aria-hidden) required/optional badge. */
function field(scope: Page | Locator, t: Catalogue, label: string) {
  const { required, optional } = t as unknown as { required: string; optional: string };
  const badge = `(${escape(required)}|${escape(optional)})?`;
  return scope.getByLabel(new RegExp(`^${escape(label)}${badge}$`));
}

async function logIn(page: Page, t: Catalogue, mail: string, pass: string, stay = false) {
  await field(page, t, t.fields!.mail!).fill(mail);
  if (stay) await page.getByLabel(t.login!.saveCookie!).check();
  await field(page, t, t.fields!.pass!).fill(pass);
  await field(page, t, t.fields!.pass!).press('Enter'); // Enter submits
}

async function logOutFromMyPage(page: Page, t: Catalogue) {
  await page.goto('/my-page');
  await page.getByRole('button', { name: t.myPage!.logout! }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Each selector's box on the page (page coordinates, whole pixels): what a shift or a larger element would show. */
const boxesOf = (page: Page, selectors: string[]) =>
  Promise.all(
    selectors.map((s) =>
      page
        .locator(s)
        .first()
        .evaluate((e) => {
          const r = e.getBoundingClientRect();
          return [r.x, r.y + window.scrollY, r.width, r.height].map(Math.round);
        }),
    ),
  );
/** My Page's parts, whose boxes must not move when the browser takes over the page the server drew. */
const MY_PAGE_PARTS = [
  '#my-page-title',
  'section[aria-labelledby="my-account"]',
  'section[aria-labelledby="my-account"] dl',
  'section[aria-labelledby="my-address"]',
  '[data-testid="my-address"]',
];

async function readResetPath(page: Page, mail: string): Promise<string> {
  const res = await page.request.get('/sandbox/outbox');
  const { messages } = (await res.json()) as { messages: { recipient: string; body: string }[] };
  const mine = messages.find((m) => m.recipient === mail);
  expect(mine, `a reissue mail to ${mail}`).toBeTruthy();
  const m = /\/reset-password\?token=[A-Za-z0-9_-]+/.exec(mine!.body);
  expect(m, 'a reset link in the mail').toBeTruthy();
  return m![0];
}

for (const lang of ['ja', 'en'] as const) {
  test.describe(`accounts (${lang})`, () => {
    // One journey in steps: this language's tests run in order on one worker's shop (fullyParallel spreads the rest).
    test.describe.configure({ mode: 'default' });
    const t = catalogue(lang);
    test.beforeEach(async ({ page }) => useLanguage(page, lang));

    test(
      "the server draws a member's /my-page with their data, laid out where the running page has it: nothing moves",
      { tag: '@both-widths' },
      async ({ page, browser }, testInfo) => {
        await logInDemoMember(page);
        await page.goto('/my-page');
        await expect(page.getByTestId('my-address')).toBeVisible();
        const spa = await boxesOf(page, MY_PAGE_PARTS);

        // The same member and language (the SPA's cookie) in a browser that runs no script: the server's page alone.
        const { viewport, isMobile, hasTouch } = testInfo.project.use;
        const noScript = await browser.newContext({ javaScriptEnabled: false, viewport, isMobile, hasTouch });
        try {
          await noScript.addCookies(await page.context().cookies());
          const still = await noScript.newPage();
          const res = await still.goto('/my-page');
          expect(res?.headers()['cache-control']).toBe('private, no-store');
          await expect(still.locator('#my-page-title')).toHaveText(t.myPage!.title!);
          await expect(still.getByTestId('my-address')).toContainText('〒');
          expect(await boxesOf(still, MY_PAGE_PARTS)).toEqual(spa);
        } finally {
          await noScript.close();
        }
      },
    );

    test('register → log out → stay logged in → reissue via the outbox → change password', async ({
      page,
      context,
    }, testInfo) => {
      // Five screens, each with an axe pass, and two mails read from the outbox: longer than one journey's minute
      // when two workers share the machine's two cores.
      test.slow();
      const mail = `e2e.${lang}.${testInfo.project.name}.${Date.now()}@example.test`;
      const first = 'first123';
      const second = 'second45';
      const third = 'third678';

      // Step 1: the form. The confirm button appears only after the agreement is ticked.
      await page.goto('/user-register');
      await expect(page.getByRole('heading', { name: t.register!.title })).toBeVisible();
      const middle = field(page, t, t.fields!.middleName!);
      if (lang === 'en') await middle.fill('J.');
      else await expect(middle).toHaveCount(0);
      await field(page, t, t.fields!.lastName!).fill(lang === 'ja' ? '山田' : 'Smith');
      await field(page, t, t.fields!.firstName!).fill(lang === 'ja' ? '太郎' : 'Alex');
      await field(page, t, t.fields!.tel!).fill('09012345678');
      await field(page, t, t.fields!.mail!).fill(mail);
      await field(page, t, t.fields!.pass!).fill(first);
      await field(page, t, t.fields!.confirmPass!).fill(first);
      const toConfirm = page.getByRole('button', { name: t.register!.toConfirm });
      await expect(toConfirm).toHaveCount(0);
      await snap(page, testInfo, `accounts-${lang}-register-form`);
      await page.getByRole('checkbox').check();
      await toConfirm.click();

      // Step 2: confirm shows the values with the password masked.
      await expect(page).toHaveURL(/\/confirm-user-register$/);
      await expect(page.getByText(mail)).toBeVisible();
      await expect(page.locator('dl')).not.toContainText(first);
      await snap(page, testInfo, `accounts-${lang}-register-confirm`);
      await page.getByRole('button', { name: t.confirmRegister!.submit, exact: true }).click();

      // Step 3: complete; Back must not reopen confirm.
      await expect(page).toHaveURL(/\/complete-user-register$/);
      await expect(page.getByRole('heading', { name: t.completeRegister!.title })).toBeVisible();
      await snap(page, testInfo, `accounts-${lang}-register-complete`);
      await page.goBack();
      await expect(page).not.toHaveURL(/confirm-user-register/);

      // Registered and logged in: My page knows the member.
      await page.goto('/my-page');
      await expect(page.getByText(mail)).toBeVisible();
      await expect(page.getByText(t.myPage!.noAddress!)).toBeVisible();
      await snap(page, testInfo, `accounts-${lang}-my-page`);
      await logOutFromMyPage(page, t);

      // Log in with "stay logged in": the session cookie lives 30 days.
      await page.goto('/login');
      await snap(page, testInfo, `accounts-${lang}-login`);
      await logIn(page, t, mail, first, true);
      await expect(page).toHaveURL(/\/$/);
      const sid = (await context.cookies()).find((c) => c.name === 'sid');
      expect(sid, 'the session cookie').toBeTruthy();
      const lifetime = sid!.expires - Date.now() / 1000;
      expect(lifetime).toBeGreaterThan(29.9 * DAY);
      expect(lifetime).toBeLessThan(30.1 * DAY);
      await logOutFromMyPage(page, t);

      // Password reissue through the sandbox outbox.
      await page.goto('/login');
      await page.getByRole('link', { name: t.login!.forgot }).click();
      await expect(page).toHaveURL(/\/password-reissue$/);
      // The address changes before the new page is drawn (the router renders it in a transition): wait for the
      // page itself, or the login page's own email field would be filled.
      await expect(page.getByRole('heading', { name: t.reissue!.title })).toBeVisible();
      await field(page, t, t.fields!.mail!).fill(mail);
      await page.getByRole('button', { name: t.reissue!.submit }).click();
      await expect(page.getByRole('heading', { name: t.reissue!.sentTitle })).toBeVisible();
      await snap(page, testInfo, `accounts-${lang}-reissue-sent`);
      const resetPath = await readResetPath(page, mail);
      await page.goto(resetPath);
      await field(page, t, t.fields!.newPass!).fill(second);
      await field(page, t, t.fields!.newConfirmPass!).fill(second);
      await snap(page, testInfo, `accounts-${lang}-reset-form`);
      await page.getByRole('button', { name: t.reset!.submit }).click();
      await expect(page).toHaveURL(/\/complete-password-reissue$/);
      await snap(page, testInfo, `accounts-${lang}-reissue-complete`);
      await page.goBack();
      await expect(page).not.toHaveURL(/reset-password/);
      // The link was single-use.
      await page.goto(resetPath);
      await expect(page.getByRole('heading', { name: t.reset!.invalidTitle })).toBeVisible();
      await snap(page, testInfo, `accounts-${lang}-reset-invalid`);

      // The old password no longer works; the new one does.
      await page.goto('/login');
      await logIn(page, t, mail, first);
      await expect(page.getByText(MISMATCH[lang])).toBeVisible();
      await snap(page, testInfo, `accounts-${lang}-login-mismatch`);
      await logIn(page, t, mail, second);
      await expect(page).toHaveURL(/\/$/);

      // Change password, back to My page with a notice.
      await page.goto('/change-password');
      await field(page, t, t.fields!.newPass!).fill(third);
      await field(page, t, t.fields!.newConfirmPass!).fill(third);
      await snap(page, testInfo, `accounts-${lang}-change-password`);
      await page.getByRole('button', { name: t.changePassword!.submit }).click();
      await expect(page).toHaveURL(/\/my-page$/);
      await expect(page.getByRole('status').filter({ hasText: t.myPage!.passwordChanged! })).toBeVisible();
      await logOutFromMyPage(page, t);
      await page.goto('/login');
      await logIn(page, t, mail, third);
      await expect(page).toHaveURL(/\/$/);
    });

    test('a guest on a login-required route logs in and returns to the pack', async ({ page }, testInfo) => {
      const res = await page.request.post('/sandbox/members', { data: { lang } });
      const member = (await res.json()) as { mail: string; pass: string };
      await page.goto('/my-page?packId=1');
      await expect(page).toHaveURL(/\/login\?packId=1$/);
      await logIn(page, t, member.mail, 'wrongpass1');
      const error = page.getByText(MISMATCH[lang]);
      await expect(error).toBeVisible();
      await expect(field(page, t, t.fields!.mail!)).toHaveAttribute('aria-invalid', 'true');
      await snap(page, testInfo, `accounts-${lang}-login-packid-error`);
      await logIn(page, t, member.mail, member.pass);
      await expect(page).toHaveURL(/\/pack-detail\?packId=1$/);
    });

    test('a member edits the profile and registers a shipping address from My page', async ({ page }, testInfo) => {
      const res = await page.request.post('/sandbox/members', { data: { lang } });
      const member = (await res.json()) as { mail: string; pass: string };
      await page.goto('/login');
      await logIn(page, t, member.mail, member.pass);
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/my-page');

      // Name and phone through the profile popup.
      await page.getByRole('button', { name: t.myPage!.editProfile }).click();
      await field(page.getByRole('dialog'), t, t.fields!.tel!).fill('08011112222');
      await page.getByRole('dialog').getByRole('button', { name: t.profileModal!.save }).click();
      await expect(page.getByRole('status').filter({ hasText: t.myPage!.profileSaved! })).toBeVisible();
      await expect(page.getByText('08011112222')).toBeVisible();

      await page.getByRole('button', { name: t.myPage!.registerAddress }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      await field(dialog, t, t.fields!.zipcode!).fill('1000001');
      const city = field(dialog, t, t.fields!.shiku!);
      // The lookup fills prefecture and city in both languages (a Japanese address, in Japanese).
      await expect(city).toHaveValue('千代田区');
      await expect(field(dialog, t, t.fields!.pref!)).toHaveValue('13');
      await field(dialog, t, t.fields!.address!).fill(lang === 'ja' ? '千代田1-1' : '1-1 Chiyoda');
      await snap(page, testInfo, `accounts-${lang}-address-form`);
      await dialog.getByRole('button', { name: t.addressModal!.next }).click();
      await expect(dialog.getByText(t.addressModal!.confirmQuestion!)).toBeVisible();
      await snap(page, testInfo, `accounts-${lang}-address-confirm`);
      await dialog.getByRole('button', { name: t.addressModal!.register, exact: true }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page.getByTestId('my-address')).toContainText('100-0001');
      await snap(page, testInfo, `accounts-${lang}-address-saved`);
    });
  });
}
