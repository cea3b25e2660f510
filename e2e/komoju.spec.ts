import { expect, test as base, type Page } from '@playwright/test';
import { hydratingPage, parallelIndex, startE2eShop, START_TIMEOUT_MS, workerPort } from './fixtures';
import { snap } from './helpers';
import { chooseCourse, expectBalance, method, newMember, submit, t } from './payment-journey';

// A shop of its own (not the worker's), with the shared page that waits for hydration.
const test = base.extend({ page: hydratingPage });

/**
 * Issue 23's last "Done means": a purchase through each method of the second rail (KOMOJU, ADR 0042), in the browser,
 * in Japanese, on a phone — success, failure, expiry and a duplicate webhook, each credited exactly once or not at all.
 *
 * Each group below starts its own shop (scripts/e2e-komoju-server.ts) on the worker's spare ports: the shop on the
 * first, the fake KOMOJU (API, hosted pages, signed webhooks; apps/server/test/payments/fake-komoju-server.ts) on the
 * second. Every method the adapter carries is routed to KOMOJU there. The buyer pays on the fake's hosted page; the
 * test plays KOMOJU's side through the fake's /_fake/ controls (the store was paid, the deadline passed, the same
 * webhook again, an old one late) and reads the shop's answer to each delivery. The shop needs a web build.
 */
const SHOP_PORT = () => workerPort(parallelIndex(), 1);
const FAKE = () => `http://127.0.0.1:${workerPort(parallelIndex(), 2)}`;
let stopShop: (() => Promise<void>) | undefined;

/** Starts this group's KOMOJU-rail shop (once per group and worker; Playwright runs a group's tests on one worker). */
function useKomojuShop() {
  // Three purchases, a history and a dozen page loads per test, on a machine other jobs share.
  test.describe.configure({ mode: 'default', timeout: 180_000 });
  test.beforeAll(async () => {
    test.setTimeout(START_TIMEOUT_MS + 30_000);
    const shop = await startE2eShop(
      parallelIndex(),
      { E2E_KOMOJU_API_PORT: String(workerPort(parallelIndex(), 2)) },
      { script: 'scripts/e2e-komoju-server.ts', portOffset: 1, dataSuffix: '-komoju' },
    );
    stopShop = shop.stop;
  });
  test.afterAll(async () => {
    await stopShop?.();
    stopShop = undefined;
  });
  test.use({ baseURL: `http://127.0.0.1:${SHOP_PORT()}` });
}

interface Delivery {
  status: number;
  outcome: string;
}
/** KOMOJU's side: a control of the fake for the payment known by `ref` (payment id, session id or receipt). */
async function komoju(ref: string, action: string): Promise<Delivery> {
  const res = await fetch(`${FAKE()}/_fake/payments/${encodeURIComponent(ref)}/${action}`, { method: 'POST' });
  expect(res.status, `fake KOMOJU ${action}`).toBe(200);
  return (await res.json()) as Delivery;
}
const deliveries = async (ref: string) =>
  (await (await fetch(`${FAKE()}/_fake/payments/${encodeURIComponent(ref)}/deliveries`)).json()) as Delivery[];

/** The same event again (a duplicate), then a late one carrying an older status: neither may change anything. */
async function duplicateAndLate(ref: string, late: 'authorized' | 'captured') {
  expect(await komoju(ref, 'redeliver')).toMatchObject({ status: 200, outcome: 'duplicate' });
  expect(await komoju(ref, `stale/${late}`)).toMatchObject({ status: 200, outcome: 'ignored' });
}

/** The member's point history: exactly `n` purchase rows. */
async function expectHistoryRows(page: Page, n: number) {
  await page.goto('/buy-point-history');
  await expect(page.getByRole('heading', { name: t('ja', 'pointHistory.title') })).toBeVisible();
  if (n === 0) {
    await expect(page.getByText(t('ja', 'pointHistory.empty'))).toBeVisible();
    return;
  }
  await expect(page.getByRole('table').getByRole('rowgroup').nth(1).getByRole('row')).toHaveCount(n);
}

/** Picks a method on the confirm page (and its carrier) and presses 購入を確定する; answers the hosted page's session. */
async function payOnHostedPage(page: Page, payId: number, label: string, carrier?: string) {
  await method(page, payId).check();
  if (carrier) await page.getByRole('radio', { name: t('ja', `carrier.${carrier}`), exact: true }).check();
  await submit(page, 'ja');
  await expect(page).toHaveURL(new RegExp(`^${FAKE()}/sessions/`));
  await expect(page.getByRole('heading', { name: `${label}でのお支払い` })).toBeVisible();
  return new URL(page.url()).pathname.split('/').pop()!;
}
const hosted = (page: Page, name: string) => page.getByRole('button', { name }).click();

/** The four cases of a redirect method (smartphone payment or carrier billing) on one member. */
async function redirectJourney(page: Page, payId: number, label: string, opts: { carrier?: string; shot?: string }) {
  await newMember(page);
  const course = await chooseCourse(page, 'ja');
  const credited = t('ja', 'complete.successPoints', { value: course.total.toLocaleString('ja-JP') });

  // Success: approved on the hosted page; KOMOJU's webhook credits, the member comes back to the complete page.
  const paid = await payOnHostedPage(page, payId, label, opts.carrier);
  if (opts.shot) await snap(page, test.info(), `komoju-${opts.shot}-hosted`);
  await hosted(page, 'お支払いを承認する');
  await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=.*session_id=/);
  await expect(page.getByText(credited)).toBeVisible();
  await expectBalance(page, course.total);
  if (opts.shot) await snap(page, test.info(), `komoju-${opts.shot}-complete`);
  expect((await deliveries(paid)).map((d) => d.outcome)).toEqual(['processed']);
  // A duplicate webhook, then an 'authorized' arriving after the capture: still credited once.
  await duplicateAndLate(paid, 'authorized');

  // Failure: refused on the hosted page; nothing credited, and a capture arriving for it later is refused too.
  await chooseCourse(page, 'ja');
  const failed = await payOnHostedPage(page, payId, label, opts.carrier);
  await hosted(page, 'お支払いを拒否する（失敗）');
  await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
  await expect(page.getByRole('heading', { name: t('ja', 'result.failureTitle') })).toBeVisible();
  await expect(page.getByText(t('ja', 'complete.failure'))).toBeVisible();
  expect(await komoju(failed, 'stale/captured')).toMatchObject({ status: 200, outcome: 'ignored' });

  // Expiry: the session runs out; the member comes back to the failure page, nothing credited.
  await chooseCourse(page, 'ja');
  const expired = await payOnHostedPage(page, payId, label, opts.carrier);
  await hosted(page, '期限切れにする');
  await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
  await expect(page.getByText(t('ja', 'complete.failure'))).toBeVisible();
  expect(await komoju(expired, 'redeliver')).toMatchObject({ status: 200, outcome: 'duplicate' });

  await expectBalance(page, course.total);
  await expectHistoryRows(page, 1);
}

test.describe('KOMOJU smartphone payments and pay-later (pay ids 8, 10, 11, 13)', () => {
  useKomojuShop();
  for (const [payId, label, shot] of [
    [10, 'メルペイ', 'wallet'],
    [8, 'PayPay', undefined],
    [11, 'au PAY', undefined],
    [13, 'Paidy（あと払い）', undefined],
  ] as const) {
    test(`${label}: success, failure, expiry and a duplicate webhook`, async ({ page }) => {
      await redirectJourney(page, payId, label, { shot });
    });
  }
});

test.describe('KOMOJU carrier billing (pay id 6)', () => {
  useKomojuShop();
  for (const [carrier, label, shot] of [
    ['docomo', 'd払い（ドコモ払い）', 'carrier'],
    ['au', 'auかんたん決済', undefined],
    ['sb_ktai', 'ソフトバンクまとめて支払い', undefined],
  ] as const) {
    test(`${label}: success, failure, expiry and a duplicate webhook`, async ({ page }) => {
      await redirectJourney(page, 6, label, { carrier, shot });
    });
  }
});

test.describe('KOMOJU konbini by chain (pay id 2)', () => {
  useKomojuShop();
  const slipOf = (page: Page) => new URL(page.url()).searchParams.get('paymentID')!;
  async function orderAtStore(page: Page, chain: string) {
    await method(page, 2).check();
    await page.getByRole('radio', { name: new RegExp(`^${t('ja', `combini.${chain}`)} `) }).check();
    await submit(page, 'ja');
    await expect(page).toHaveURL(/\/confirm-combini\?paymentID=\d+/);
    await expect(page.getByRole('heading', { name: t('ja', 'confirmCombini.title') })).toBeVisible();
    return slipOf(page);
  }

  for (const [chain, kind, shot] of [
    ['seven-eleven', 'online_slip', 'konbini-slip'],
    ['lawson', 'confirmation_number', 'konbini-terminal'],
    ['seicomart', 'receipt_number', undefined],
  ] as const) {
    test(`${chain} (${kind}): paid at the store, refused, expired, and a duplicate webhook`, async ({ page }) => {
      await newMember(page);
      const course = await chooseCourse(page, 'ja');

      // The buyer gets the chain's instructions and pays later: nothing credited until the store is paid.
      const receipt = await orderAtStore(page, chain);
      const number = page.getByRole('definition').filter({ hasText: receipt });
      await expect(page.getByRole('term').filter({ hasText: t('ja', `confirmCombini.number.${kind}`) })).toBeVisible();
      await expect(number).toBeVisible();
      await expect(page.getByText(t('ja', 'confirmCombini.confirmation'), { exact: true })).toHaveCount(
        kind === 'confirmation_number' ? 1 : 0,
      );
      await expect(
        page.getByRole('heading', { name: t('ja', 'confirmCombini.howTitle', { store: t('ja', `combini.${chain}`) }) }),
      ).toBeVisible();
      const slip = page.getByRole('link', { name: t('ja', 'confirmCombini.slip') });
      await expect(slip).toHaveAttribute('href', new RegExp(`^${FAKE()}/ja/instructions/`));
      if (shot) await snap(page, test.info(), `komoju-${shot}`);
      await expectBalance(page, 0);
      if (shot) {
        await page.goto((await slip.getAttribute('href'))!);
        await expect(page.getByText(receipt)).toBeVisible();
        await snap(page, test.info(), `komoju-${shot}-hosted`);
        await page.goBack();
      }

      // Paid at the store (KOMOJU's side), the webhook again, then the 'authorized' KOMOJU sent first, late.
      expect(await komoju(receipt, 'captured')).toMatchObject({ status: 200, outcome: 'processed' });
      await duplicateAndLate(receipt, 'authorized');
      await page.reload();
      await expect(page.getByRole('status').filter({ hasText: t('ja', 'confirmCombini.settled.paid') })).toBeVisible();
      await expectBalance(page, course.total);
      if (shot) await snap(page, test.info(), `komoju-${shot}-paid`);

      // Failure: KOMOJU refuses to issue the slip; the confirm page says so and nothing is ordered.
      await fetch(`${FAKE()}/_fake/refuse-next`, { method: 'POST' });
      await chooseCourse(page, 'ja');
      await method(page, 2).check();
      await page.getByRole('radio', { name: new RegExp(`^${t('ja', `combini.${chain}`)} `) }).check();
      await submit(page, 'ja');
      const refused = page.getByRole('dialog');
      await expect(refused).toBeVisible();
      await expect(refused).toContainText(/お支払い|決済/);
      await expect(page).toHaveURL(/\/confirm-buy-point/);

      // Expiry: the deadline passes unpaid; the slip page says the order was cancelled; a late capture is refused.
      await chooseCourse(page, 'ja');
      const unpaid = await orderAtStore(page, chain);
      expect(await komoju(unpaid, 'expired')).toMatchObject({ status: 200, outcome: 'processed' });
      expect(await komoju(unpaid, 'redeliver')).toMatchObject({ status: 200, outcome: 'duplicate' });
      expect(await komoju(unpaid, 'stale/captured')).toMatchObject({ status: 200, outcome: 'ignored' });
      await page.reload();
      await expect(
        page.getByRole('status').filter({ hasText: t('ja', 'confirmCombini.settled.expired') }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: t('ja', 'confirmCombini.slip') })).toHaveCount(0);

      await expectBalance(page, course.total);
      await expectHistoryRows(page, 1);
    });
  }
});
