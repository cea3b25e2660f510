import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { snap } from './helpers';
import { chooseCourse, expectBalance, method, newMember, pick, read, submit, t, type Lang } from './payment-journey';

/**
 * Issue 4's browser journeys: buy points with every payment id through the sandbox provider's pages, with a
 * success and a failure path each, checking that the header's balance changes only when a payment succeeded.
 * Each test uses a fresh member (POST /sandbox/members) logged in through /login.
 */
// The provider pages send the browser back to the shop's PUBLIC_URL, which playwright.config.ts sets to the same
// host as baseURL, so the session cookie survives the round trip.

const CARDS = { ok: '4111111111111111', declined: '4000000000000002', secure: '4000000000003220' };

/** Presses a button on a sandbox provider page. */
const provider = (page: Page, action: string) => page.locator(`button[data-action="${action}"]`).click();

async function fillCard(page: Page, lang: Lang, number: string, expire = ['12', '35']) {
  // One field; it spaces the digits as the member types.
  await page.getByLabel(t(lang, 'card.number'), { exact: true }).pressSequentially(number);
  await page.getByLabel(t(lang, 'card.month')).fill(expire[0]!);
  await page.getByLabel(t(lang, 'card.year')).fill(expire[1]!);
  await page.getByLabel(t(lang, 'card.cvc'), { exact: true }).fill('123');
  await page.getByLabel(t(lang, 'card.name')).fill('TARO YAMADA');
}

test.describe('credit card (pay id 1)', () => {
  for (const lang of ['ja', 'en'] as const) {
    test(`success credits the points, saved card reused, then a decline changes nothing (${lang})`, async ({
      page,
    }) => {
      await newMember(page, lang);
      const course = await chooseCourse(page, lang, `pay-buy-point-${lang}`);
      await expect(method(page, 1)).toBeChecked(); // the first listed method is preselected
      await fillCard(page, lang, CARDS.ok);
      await page.getByLabel(t(lang, 'card.saveCard')).check();
      await snap(page, test.info(), `pay-confirm-card-${lang}`);
      await submit(page, lang);
      const dialog = page.getByRole('dialog');
      // The dialog says how many points were added.
      const added = t(lang, 'result.successPoints', { value: course.total.toLocaleString('ja-JP') });
      await expect(dialog.getByText(added)).toBeVisible();
      await expectBalance(page, course.total);
      await snap(page, test.info(), `pay-card-success-${lang}`);
      await dialog.getByRole('button').last().click();

      // The saved card is offered first next time; a second purchase with it credits again.
      await chooseCourse(page, lang);
      await expect(page.getByRole('radio', { name: /1111/ })).toBeChecked();
      await submit(page, lang);
      await expect(page.getByRole('dialog').getByText(added)).toBeVisible();
      await expectBalance(page, course.total * 2);
      await page.getByRole('dialog').getByRole('button').last().click();

      // A declined card: the failure alert, and the balance stays.
      await chooseCourse(page, lang);
      await page.getByRole('radio', { name: t(lang, 'card.newCard') }).check();
      await fillCard(page, lang, CARDS.declined);
      await submit(page, lang);
      await expect(page.getByRole('dialog').getByText(t(lang, 'result.failure'))).toBeVisible();
      await snap(page, test.info(), `pay-card-declined-${lang}`);
      await page.reload();
      await expectBalance(page, course.total * 2);
    });
  }

  test('a card-token error lands under its field; deleting a saved card asks first', async ({ page }) => {
    await newMember(page);
    await chooseCourse(page, 'ja');
    await fillCard(page, 'ja', CARDS.ok, ['01', '20']); // expired: token code 1501 → the expiry field
    await submit(page, 'ja');
    await expect(page.getByLabel(t('ja', 'card.month'))).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(t('ja', 'card.verifyFailed'))).toBeVisible();
    await expect(page.getByLabel(t('ja', 'card.name'))).not.toHaveAttribute('aria-invalid', 'true');
    await snap(page, test.info(), 'pay-card-token-error-ja');
    await expectBalance(page, 0);

    // Register a card on /card-input (reached from My Page), then delete it from the confirm page after the prompt.
    await page.goto('/my-page');
    await page.getByRole('link', { name: pick(read('ja', 'account'), 'myPage.cards') }).click();
    await expect(page).toHaveURL(/\/card-input$/);
    await expect(page.getByText(t('ja', 'card.none'))).toBeVisible();
    await fillCard(page, 'ja', CARDS.ok);
    await page.getByRole('button', { name: t('ja', 'card.register') }).click();
    await expect(page.getByText(t('ja', 'card.registered'))).toBeVisible();
    const saved = page.getByRole('region', { name: t('ja', 'card.saved') });
    await expect(saved.getByText('**** **** **** 1111')).toBeVisible();
    await snap(page, test.info(), 'pay-card-input-ja');
    // On /card-input too a delete asks first; cancelling keeps the card.
    await page.getByRole('button', { name: t('ja', 'card.deleteLabel', { card: '**** **** **** 1111' }) }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: pick(read('ja', 'common'), 'cancel') })
      .click();
    await expect(saved.getByText('**** **** **** 1111')).toBeVisible();
    await chooseCourse(page, 'ja');
    await page.getByRole('button', { name: t('ja', 'card.deleteLabel', { card: '**** **** **** 1111' }) }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('ja', 'card.delete') })
      .click();
    await expect(page.getByText(t('ja', 'card.deleted'))).toBeVisible();
    await expect(page.getByRole('radio', { name: /1111/ })).toHaveCount(0);
  });
});

test.describe('the confirm page on a phone (issue 23)', () => {
  test('methods grouped; a tap scrolls to the chosen form; the pay bar stays in view', async ({ page }) => {
    await newMember(page);
    await chooseCourse(page, 'ja');
    const picker = page.getByRole('group', { name: t('ja', 'confirm.methodLegend') });
    for (const g of ['card', 'combini', 'bank', 'carrier'])
      await expect(picker.getByRole('group', { name: t('ja', `confirm.groups.${g}`) })).toBeVisible();
    await expect(method(page, 1)).toBeChecked();
    const bar = page.getByRole('region', { name: t('ja', 'confirm.summary') });
    await expect(bar.getByRole('button', { name: t('ja', 'confirm.submit') })).toBeInViewport();
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    test.info().annotations.push({ type: 'confirm page height, card chosen, 390×844', description: String(height) });
    // About two and a half phone screens (2,170 px when measured; 3,698 before issue 23): a new section or the full
    // footer coming back would cross this.
    expect(height).toBeLessThanOrEqual(2400);
    await method(page, 2).click();
    const form = page.locator('#method-form');
    await expect(form.getByRole('heading')).toHaveText(/コンビニ/);
    await expect(form).toBeInViewport();
    await expect(bar.getByRole('button', { name: t('ja', 'confirm.submit') })).toBeInViewport();
    await expect(bar.getByText(t('ja', 'confirm.deliveryShort.combini'))).toBeVisible();
  });

  test('the pay button is where it stays from the frame after a method is tapped', async ({ page }) => {
    // A smooth scroll to the chosen form ran on until the page's end, where the sticky pay bar rests higher up: a
    // tap on 購入を確定する during it landed where the button had been, and nothing happened (KOMOJU's four wallet
    // journeys: 3 runs in 64 under load, seen in a trace). The scroll is now a jump, made before the next frame.
    await newMember(page);
    await chooseCourse(page, 'ja');
    // Taller than what is left of the page below the chosen form, so the scroll ends at the page's end (the KOMOJU
    // shop's page was that short at 844 px): there the bar moved from the screen's bottom edge 251 px up.
    await page.setViewportSize({ width: 390, height: 1200 });
    const button = page.getByRole('region', { name: t('ja', 'confirm.summary') }).getByRole('button');
    await method(page, 11).check();
    await expect(page.locator('#method-form').getByRole('heading')).toHaveText('au PAY');
    const frames = (n: number) =>
      page.evaluate(
        (count) =>
          new Promise<void>((done) => {
            const next = (left: number) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
            next(count);
          }),
        n,
      );
    await frames(2);
    const first = await button.boundingBox();
    await page.waitForTimeout(800);
    await frames(2);
    expect(await button.boundingBox()).toEqual(first);
  });
});

test.describe('3-D Secure (pay id 7, and a card that asks for it)', () => {
  test('passing the challenge credits through /pay-redirect; failing it credits nothing', async ({ page }) => {
    await newMember(page);
    const course = await chooseCourse(page, 'ja');
    await fillCard(page, 'ja', CARDS.secure);
    await submit(page, 'ja');
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await snap(page, test.info(), 'pay-3ds-challenge');
    await provider(page, 'pass');
    await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
    // The complete page says how many points were added.
    await expect(
      page.getByText(t('ja', 'complete.successPoints', { value: course.total.toLocaleString('ja-JP') })),
    ).toBeVisible();
    await expectBalance(page, course.total);
    await snap(page, test.info(), 'pay-complete-ja');

    // pay id 7 forces the challenge even for an ordinary card; failing it leaves the balance alone.
    await chooseCourse(page, 'ja');
    await method(page, 7).check();
    await fillCard(page, 'ja', CARDS.ok);
    await submit(page, 'ja');
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await provider(page, 'fail');
    await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
    await expect(page.getByText(t('ja', 'complete.failure'))).toBeVisible();
    await expectBalance(page, course.total);
    await snap(page, test.info(), 'pay-complete-failed-ja');
  });
});

test.describe('convenience store (pay id 2)', () => {
  test('paid at the store credits; an expired slip does not', async ({ page }) => {
    await newMember(page);
    const course = await chooseCourse(page, 'ja');
    await method(page, 2).check();
    // Stores by chain (issue 23): the buyer picks their chain; the sandbox carries all six.
    await page.getByRole('radio', { name: new RegExp(`^${t('ja', 'combini.seven-eleven')} `) }).check();
    await snap(page, test.info(), 'pay-confirm-combini-ja');
    await submit(page, 'ja');
    await expect(page).toHaveURL(/\/confirm-combini\?paymentID=\d+/);
    const slip = page.getByRole('link', { name: t('ja', 'confirmCombini.slip') });
    await expect(slip).toBeVisible();
    await snap(page, test.info(), 'pay-combini-slip-ja');
    await expectBalance(page, 0); // nothing until it is paid
    await page.goto((await slip.getAttribute('href'))!);
    await provider(page, 'pay');
    await page.goto('/buy-point-history');
    await expectBalance(page, course.total);

    await chooseCourse(page, 'ja');
    await method(page, 2).check();
    await submit(page, 'ja');
    await expect(page).toHaveURL(/\/confirm-combini\?paymentID=\d+/);
    await page.goto((await page.getByRole('link', { name: t('ja', 'confirmCombini.slip') }).getAttribute('href'))!);
    await provider(page, 'expire');
    await page.goto('/buy-point-history');
    await expectBalance(page, course.total);
  });
});

test.describe('bank transfer (pay id 4)', () => {
  // Two orders, two provider pages and four screenshots with axe: 37-60 s each of 10 runs at load 32-34, where the
  // default 60 s ran out after the last press (the press itself was answered in every run).
  test.describe.configure({ timeout: 120_000 });
  for (const lang of ['ja', 'en'] as const) {
    test(`katakana is required; a reconciled transfer credits, an expired one does not (${lang})`, async ({ page }) => {
      await newMember(page, lang);
      const course = await chooseCourse(page, lang);
      await method(page, 4).check();
      const holder = page.getByLabel(t(lang, 'bank.holder'));
      await holder.fill('yamada taro');
      await submit(page, lang);
      await expect(holder).toHaveAttribute('aria-invalid', 'true');
      await snap(page, test.info(), `pay-bank-katakana-error-${lang}`);
      await holder.fill('ヤマダ タロウ');
      await submit(page, lang);
      await expect(page).toHaveURL(/\/bank-transfer-information\?payment_id=/);
      await expect(page.getByText(t(lang, 'bankInfo.hours'))).toBeVisible();
      await snap(page, test.info(), `pay-bank-info-${lang}`);
      await expectBalance(page, 0);

      const paymentId = new URL(page.url()).searchParams.get('payment_id')!;
      const info = (await (await page.request.get(`/api/user/bank?payment_id=${paymentId}`)).json()) as {
        sandbox_url: string;
      };
      await page.goto(info.sandbox_url);
      await provider(page, 'transfer');
      await page.goto('/buy-point-history');
      await expectBalance(page, course.total);
      await snap(page, test.info(), `pay-point-history-${lang}`);

      await chooseCourse(page, lang);
      await method(page, 4).check();
      await page.getByLabel(t(lang, 'bank.holder')).fill('ヤマダタロウ');
      // This press was once seen to leave the page on the confirm page for 10 s: waiting for the buy call tells a
      // press that never reached the shop (no request) from a reply that was only slow.
      const bought = page.waitForResponse(
        (r) => r.url().endsWith('/api/user/point/buy') && r.request().method() === 'POST',
        { timeout: 30_000 },
      );
      await submit(page, lang);
      expect((await bought).ok(), 'POST point/buy answered').toBeTruthy();
      await expect(page).toHaveURL(/\/bank-transfer-information\?payment_id=/);
      const second = new URL(page.url()).searchParams.get('payment_id')!;
      const info2 = (await (await page.request.get(`/api/user/bank?payment_id=${second}`)).json()) as {
        sandbox_url: string;
      };
      await page.goto(info2.sandbox_url);
      await provider(page, 'expire');
      await page.goto('/payge-transfer-information');
      await expect(page.getByRole('heading', { name: t(lang, 'payge.title') })).toBeVisible();
      await snap(page, test.info(), `pay-payge-${lang}`);
      await expectBalance(page, course.total);
    });
  }
});

test.describe('carrier billing (pay id 6)', () => {
  test('approved → /complete-carrier credits; declined → /error-carrier does not', async ({ page }) => {
    await newMember(page);
    const course = await chooseCourse(page, 'ja');
    await method(page, 6).check();
    await page.getByRole('radio', { name: t('ja', 'carrier.au'), exact: true }).check();
    await submit(page, 'ja');
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await provider(page, 'approve');
    await expect(page).toHaveURL(/\/complete-carrier/);
    await expect(page.getByText(t('ja', 'carrier_result.complete'))).toBeVisible();
    await expectBalance(page, course.total);
    await snap(page, test.info(), 'pay-complete-carrier-ja');

    await chooseCourse(page, 'ja');
    await method(page, 6).check();
    await submit(page, 'ja');
    await provider(page, 'decline');
    await expect(page).toHaveURL(/\/error-carrier/);
    await expect(page.getByText(t('ja', 'carrier_result.errorAsk'))).toBeVisible();
    await expectBalance(page, course.total);
    await snap(page, test.info(), 'pay-error-carrier-ja');
  });
});

test.describe('wallets (pay ids 3, 12, 8, 10, 11, 13)', () => {
  const complete: Record<number, RegExp> = {
    3: /\/complete-buy-point-paypal\?payment_id=/,
    12: /\/complete-buy-point\?payment_id=/,
    8: /\/complete-buy-point\?payment_id=/,
    10: /\/complete-buy-point\?payment_id=/,
    11: /\/complete-buy-point\?payment_id=/,
    13: /\/complete-buy-point\?payment_id=/,
  };
  // LINE Pay (9) ended its online payments in Japan on 2025-04-23 (ADR 0041): it is not offered.
  test('LINE Pay is not offered; メルペイ, au PAY, Paidy and Apple Pay are', async ({ page }) => {
    await newMember(page);
    await chooseCourse(page, 'ja');
    await expect(method(page, 14)).toHaveCount(1);
    for (const payId of [10, 11, 13]) await expect(method(page, payId)).toHaveCount(1);
    await expect(method(page, 9)).toHaveCount(0);
  });
  for (const payId of [3, 12, 8, 10, 11, 13]) {
    test(`wallet ${payId}: approved credits, cancelled does not`, async ({ page }) => {
      await newMember(page);
      const course = await chooseCourse(page, 'ja');
      await method(page, payId).check();
      await submit(page, 'ja');
      await expect(page).toHaveURL(/\/sandbox\/pay\//);
      if (payId === 3) await snap(page, test.info(), 'pay-wallet-approval');
      await provider(page, 'approve');
      await expect(page).toHaveURL(complete[payId]!);
      // The complete page says how many points were added.
      await expect(
        page.getByText(t('ja', 'complete.successPoints', { value: course.total.toLocaleString('ja-JP') })),
      ).toBeVisible();
      await expectBalance(page, course.total);

      await chooseCourse(page, 'ja');
      await method(page, payId).check();
      await submit(page, 'ja');
      await provider(page, 'cancel');
      await expect(page).toHaveURL(complete[payId]!);
      await expect(page.getByText(t('ja', 'complete.failure'))).toBeVisible();
      await expectBalance(page, course.total);
    });
  }
});

test.describe('retailer wallet (pay id 5)', () => {
  test('sign-in, checkout session, approval and capture credit; a declined approval does not', async ({ page }) => {
    await newMember(page);
    const course = await chooseCourse(page, 'ja');
    await method(page, 5).check();
    await submit(page, 'ja'); // no session yet: the wallet's sign-in comes first
    await expect(page).toHaveURL(/\/sandbox\/pay\/wallet-signin/);
    await provider(page, 'signin');
    await expect(page).toHaveURL(/\/confirm-buy-point\?.*amazonCheckoutSessionId=/);
    await expect(method(page, 5)).toBeChecked();
    await expect(page.getByText(/VISA \*\*\*\* 1111/)).toBeVisible();
    await snap(page, test.info(), 'pay-retailer-session-ja');
    await submit(page, 'ja');
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
    await provider(page, 'approve');
    await expect(page).toHaveURL(/\/complete-buy-point-amazom-pay\?/);
    // The complete page says how many points were added.
    await expect(
      page.getByText(t('ja', 'complete.successPoints', { value: course.total.toLocaleString('ja-JP') })),
    ).toBeVisible();
    await expectBalance(page, course.total);

    await chooseCourse(page, 'ja');
    await method(page, 5).check();
    await submit(page, 'ja');
    await provider(page, 'signin');
    await submit(page, 'ja');
    await provider(page, 'decline');
    await expect(page).toHaveURL(/\/complete-buy-point-amazom-pay\?/);
    await expect(page.getByText(t('ja', 'complete.failure'))).toBeVisible();
    await expectBalance(page, course.total);
  });
});

test.describe('histories', () => {
  for (const lang of ['ja', 'en'] as const) {
    test(`coin history is titled COIN HISTORY and shows its empty message (${lang})`, async ({ page }) => {
      await newMember(page, lang, 500);
      await page.goto('/coin-history');
      await expect(page.getByRole('heading', { name: 'COIN HISTORY' })).toBeVisible();
      await expect(page.getByText(t(lang, 'coinHistory.empty'))).toBeVisible();
      await snap(page, test.info(), `pay-coin-history-${lang}`);
    });
  }
});
