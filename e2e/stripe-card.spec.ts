import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test as base, type Page } from '@playwright/test';
import { hydratingPage, parallelIndex, START_TIMEOUT_MS, workerPort } from './fixtures';
import { snap } from './helpers';
import {
  chooseCourse as chooseJourneyCourse,
  headerBalance as balance,
  newMember as newJourneyMember,
} from './payment-journey';

// A shop of its own (not the worker's), with the shared page that waits for hydration.
const test = base.extend({ page: hydratingPage });

/**
 * Issue 12 B: paying by card in Stripe mode. A second shop runs with PAYMENT_PROVIDER=stripe against the fake
 * Stripe API (scripts/e2e-stripe-server.ts); the browser gets the fake Stripe.js (e2e/fakes/stripe-js.js) in place
 * of https://js.stripe.com, and its calls to https://api.stripe.com reach the same fake API, so the PaymentMethod
 * the browser makes is the one the shop charges and the 3-D Secure answer is the one the shop reads back.
 * The shop needs a web build: `npm run build` (or WEB_DIST_DIR).
 */
// The two ports after this worker's own shop (e2e/fixtures.ts), unless set.
const PORT = Number(process.env.E2E_STRIPE_PORT ?? workerPort(parallelIndex(), 1));
const API_PORT = Number(process.env.E2E_STRIPE_API_PORT ?? workerPort(parallelIndex(), 2));
const BASE = `http://127.0.0.1:${PORT}`;
const FAKE_API = `http://127.0.0.1:${API_PORT}`;
const FAKE_STRIPE_JS = readFileSync('e2e/fakes/stripe-js.js', 'utf8');

type Tree = { [k: string]: string | Tree };
const P = JSON.parse(readFileSync('apps/web/src/i18n/locales/ja/payment.json', 'utf8')) as Tree;
const pick = (tree: Tree, path: string) =>
  path.split('.').reduce<Tree | string>((t, k) => (t as Tree)[k]!, tree) as string;

let shop: ChildProcess;

test.use({ baseURL: BASE });
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(START_TIMEOUT_MS + 10_000);
  shop = spawn('node_modules/.bin/tsx', ['scripts/e2e-stripe-server.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      E2E_STRIPE_API_PORT: String(API_PORT),
      DATA_DIR: process.env.E2E_STRIPE_DATA_DIR ?? 'test-results/e2e-stripe-data',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
      PUBLIC_URL: BASE,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await expect
    .poll(
      async () => {
        try {
          return (await fetch(`${BASE}/api/user/pay_style`)).status;
        } catch {
          return 0;
        }
      },
      { timeout: START_TIMEOUT_MS, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(() => {
  shop?.kill('SIGTERM');
});

/** Stripe's script and API as the fakes: what a browser at a Stripe shop would load and call. */
async function fakeStripe(page: Page) {
  await page.route(/^https:\/\/js\.stripe\.com\//, (route) =>
    route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }),
  );
  await page.route(/^https:\/\/api\.stripe\.com\//, async (route) => {
    const response = await route.fetch({ url: route.request().url().replace('https://api.stripe.com', FAKE_API) });
    await route.fulfill({ response, headers: { ...response.headers(), 'access-control-allow-origin': '*' } });
  });
}

/** A new member of this shop, logged in (through the API: the login page has its own journeys), at Stripe's fakes. */
async function newMember(page: Page) {
  await fakeStripe(page);
  await newJourneyMember(page, 'ja');
}

/** The first course's confirm page; answers the points it grants. */
const chooseCourse = async (page: Page) => (await chooseJourneyCourse(page, 'ja')).total;

/** Types into the Card Element as a member would. */
async function fillStripeCard(page: Page, number: string) {
  const element = page.getByTestId('stripe-card-element');
  await element.getByLabel('Card number').fill(number);
  await element.getByLabel('MM / YY').fill('12 / 34');
  await element.getByLabel('CVC').fill('123');
  await page.getByLabel(pick(P, 'card.name')).fill('TARO YAMADA');
}
const submit = (page: Page) => page.getByRole('button', { name: pick(P, 'confirm.submit') }).click();

test('a card through Stripe.js pays at once; one that needs 3-D Secure passes it in the page', async ({ page }) => {
  await newMember(page);
  const total = await chooseCourse(page);
  await expect(page.locator('input[name="payId"][value="1"]')).toBeChecked();
  // Each method's brands are in its own form (issue 23): the cards now, the stores and PayPay once chosen.
  const form = page.locator('#method-form');
  for (const brand of ['Visa', 'Mastercard', 'JCB', 'American Express', 'Diners Club']) {
    await expect(form.getByRole('img', { name: brand }).first()).toBeVisible();
  }
  for (const [payId, brand] of [
    [2, 'FamilyMart'],
    [8, 'PayPay'],
  ] as const) {
    await page.locator(`input[name="payId"][value="${payId}"]`).check();
    await expect(form.getByRole('img', { name: brand }).first()).toBeVisible();
  }
  await page.locator('input[name="payId"][value="1"]').check();
  // The sandbox's card fields are gone: the card goes only to Stripe.
  await expect(page.locator('#card-number')).toHaveCount(0);
  await fillStripeCard(page, '4242 4242 4242 4242');
  await snap(page, test.info(), 'stripe-confirm-card');
  await submit(page);
  const added = pick(P, 'result.successPoints').replace('{{value}}', total.toLocaleString('ja-JP'));
  await expect(page.getByRole('dialog').getByText(added)).toBeVisible();
  await expect.poll(() => balance(page)).toBe(total);
  await page.getByRole('dialog').getByRole('button').last().click();

  await chooseCourse(page);
  await fillStripeCard(page, '4000 0025 0000 3155');
  await submit(page);
  const challenge = page.getByRole('dialog', { name: '3D Secure 2 Test Page' });
  await expect(challenge).toBeVisible();
  await snap(page, test.info(), 'stripe-3ds-challenge');
  await challenge.getByRole('button', { name: 'Complete' }).click();
  await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
  await expect(
    page.getByText(pick(P, 'complete.successPoints').replace('{{value}}', total.toLocaleString('ja-JP'))),
  ).toBeVisible();
  await expect.poll(() => balance(page)).toBe(total * 2);
});

test('a failed 3-D Secure or a declined card credits nothing', async ({ page }) => {
  await newMember(page);
  await chooseCourse(page);
  await page.locator('input[name="payId"][value="7"]').check();
  await fillStripeCard(page, '4242 4242 4242 4242');
  await submit(page);
  await page.getByRole('dialog', { name: '3D Secure 2 Test Page' }).getByRole('button', { name: 'Fail' }).click();
  await expect(page).toHaveURL(/\/complete-buy-point\?payment_id=/);
  await expect(page.getByText(pick(P, 'complete.failure'))).toBeVisible();

  await chooseCourse(page);
  await fillStripeCard(page, '4000 0000 0000 0002');
  await submit(page);
  await expect(page.getByRole('dialog').getByText(pick(P, 'result.failure'))).toBeVisible();
  await page.reload();
  await expect.poll(() => balance(page)).toBe(0);
});
