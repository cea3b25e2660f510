import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignLocation } from '../../lib/payment/external';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderPage } from '../../test/render';
import { member } from '../../test/payment-fixtures';
import { CardInputPage } from './CardInputPage';
import { ConfirmBuyPointPage } from './ConfirmBuyPointPage';

// Issue 12 B: at Stripe the card is taken by Stripe.js, here the same fake of it the browser tests serve in place
// of https://js.stripe.com (e2e/fakes/stripe-js.js), evaluated in jsdom; its calls to the Stripe API go to the
// mocked fetch like the shop's own.
const stripeJs = vi.hoisted(() => ({ loads: [] as string[] }));
vi.mock('@stripe/stripe-js/pure', async () => {
  const { readFileSync } = await import('node:fs');
  // Tests run from the repository root.
  const src = readFileSync(`${process.cwd()}/e2e/fakes/stripe-js.js`, 'utf8');
  return {
    loadStripe: async (key: string) => {
      stripeJs.loads.push(key);
      const w = window as unknown as { Stripe?: (k: string) => unknown };
      if (!w.Stripe) new Function(src)();
      return w.Stripe!(key);
    },
  };
});
vi.mock('../../lib/payment/external', () => ({ assignLocation: vi.fn() }));

const PK = 'pk_test_kirakira';
const API = 'https://api.stripe.com/v1';
const detail = {
  state: 200,
  detail: { id: 3, point: 1000, append_point: 0, price: 1000, discount: 1, memo: '', pointPriceUseCoupon: '0' },
};
const stripeStyles = {
  state: 200,
  payment_provider: 'stripe',
  publishable_key: PK,
  list: [
    { id: 1, name: 'クレジットカード', memo: '' },
    { id: 2, name: 'コンビニ決済', memo: '' },
    { id: 8, name: 'モバイル決済アプリ', memo: '' },
  ],
};
const intent = { id: 'pi_1', object: 'payment_intent', amount: 1000, client_secret: 'pi_1_secret_abc' };

function stripeShop(buy: unknown, intentStatus = 'requires_action') {
  let status = intentStatus;
  return mockApi({
    'GET /user/point': member,
    'GET /user/point_price/detail/3': { ...detail, detail: { ...detail.detail, coupon_point: 0, total_point: 1000 } },
    'GET /user/pay_style': stripeStyles,
    'GET /user/point/savedcard': { state: 200, card_list: [] },
    'POST /user/point/savedcard': { state: 200 },
    'POST /user/point/buy': buy,
    [`POST ${API}/payment_methods`]: (p: Record<string, string> | null) =>
      p?.['card[number]'] === '4000000000000069'
        ? { error: { type: 'card_error', code: 'expired_card', message: 'Your card has expired.' } }
        : { id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: p?.['card[number]']?.slice(-4) } },
    [`GET ${API}/payment_intents/pi_1`]: (p: Record<string, string> | null) =>
      p?.client_secret === intent.client_secret ? { ...intent, status } : { error: { type: 'invalid_request_error' } },
    [`POST ${API}/payment_intents/pi_1/test_3ds`]: (p: Record<string, string> | null) => {
      status = p?.outcome === 'pass' ? 'succeeded' : 'requires_payment_method';
      return { ...intent, status };
    },
  });
}

async function fillStripeCard(user: ReturnType<typeof userEvent.setup>, number = '4242 4242 4242 4242') {
  const element = await screen.findByTestId('stripe-card-element');
  await user.type(await within(element).findByLabelText('Card number'), number);
  await user.type(within(element).getByLabelText('MM / YY'), '12 / 34');
  await user.type(within(element).getByLabelText('CVC'), '123');
  await user.type(screen.getByLabelText('カード名義（半角ローマ字）'), 'TARO YAMADA');
}

const openConfirm = () => renderPage(<ConfirmBuyPointPage />, '/confirm-buy-point?pointPriceId=3');
const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: '購入を確定する' }));

beforeEach(() => {
  polyfillDialog();
  vi.mocked(assignLocation).mockClear();
  stripeJs.loads.length = 0;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('cards at Stripe (payment_provider stripe)', () => {
  it('shows the real brands of each method with their marks', async () => {
    stripeShop({});
    openConfirm();
    const card = await screen.findByRole('radio', { name: 'クレジットカード' });
    // Stripe.js is loaded (once per key) as soon as a card method is chosen.
    await waitFor(() => expect(stripeJs.loads).toEqual([PK]));
    // The chosen method's form names its brands (issue 23: the list itself carries one plain mark per method).
    const form = () => document.getElementById('method-form')!;
    for (const brand of ['Visa', 'Mastercard', 'JCB', 'American Express', 'Diners Club']) {
      expect(within(form()).getAllByRole('img', { name: brand }).length).toBeGreaterThan(0);
    }
    expect(within(form()).getByText('Visa / Mastercard / JCB / American Express / Diners Club')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'コンビニ決済' }));
    expect(within(form()).getByRole('img', { name: 'FamilyMart' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'モバイル決済アプリ' }));
    expect(within(form()).getByRole('img', { name: 'PayPay' })).toBeTruthy();
    expect(card).toBeTruthy();
  });

  it('takes the card with Stripe.js, buys with its PaymentMethod, runs 3-D Secure in the page, then /pay-redirect', async () => {
    const api = stripeShop({
      state: 200,
      result: '7',
      url: '/api/acs/secure?payment=pay_s1',
      payment_id: 'pay_s1',
      client_secret: intent.client_secret,
    });
    const user = userEvent.setup();
    const { router } = openConfirm();
    await fillStripeCard(user);
    await submit(user);
    const challenge = await screen.findByRole('dialog', { name: '3D Secure 2 Test Page' });
    await user.click(within(challenge).getByRole('button', { name: 'Complete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pay-redirect'));
    expect(router.state.location.search).toBe('?payment_id=pay_s1');

    const pm = api.posts(`${API}/payment_methods`)[0]!.params;
    expect(pm).toMatchObject({ key: PK, type: 'card', 'card[number]': '4242424242424242', 'card[exp_year]': '2034' });
    expect(pm).toMatchObject({ 'billing_details[name]': 'TARO YAMADA' });
    expect(api.posts('/user/point/buy')[0]!.params).toMatchObject({
      pay_id: 1,
      token: 'pm_1',
      req_card_number: '**** **** **** 4242',
      card_user_name: 'TARO YAMADA',
    });
    expect(api.posts(`${API}/payment_intents/pi_1/test_3ds`)[0]!.params).toMatchObject({ outcome: 'pass' });
    // Never the sandbox's token endpoint, never a full-page redirect.
    expect(api.posts('/sandbox/card/token')).toHaveLength(0);
    expect(assignLocation).not.toHaveBeenCalled();
  });

  it("shows Stripe.js's own message for a card it refuses and buys nothing", async () => {
    const api = stripeShop({});
    const user = userEvent.setup();
    openConfirm();
    await fillStripeCard(user, '4000 0000 0000 0069');
    await submit(user);
    expect((await screen.findByText('Your card has expired.')).getAttribute('role')).toBe('alert');
    expect(api.posts('/user/point/buy')).toHaveLength(0);
  });

  it('an incomplete card number is caught by Stripe.js before any call', async () => {
    const api = stripeShop({});
    const user = userEvent.setup();
    openConfirm();
    await fillStripeCard(user, '4242');
    await submit(user);
    expect(await screen.findByText('Your card number is incomplete.')).toBeTruthy();
    expect(api.posts(`${API}/payment_methods`)).toHaveLength(0);
  });

  it('/card-input saves a card through Stripe.js too', async () => {
    const api = stripeShop({});
    const user = userEvent.setup();
    renderPage(<CardInputPage />, '/card-input');
    await fillStripeCard(user);
    await user.click(screen.getByRole('button', { name: 'カードを登録する' }));
    expect(await screen.findByText('カードを登録しました')).toBeTruthy();
    expect(api.posts('/user/point/savedcard')[0]!.params).toMatchObject({ token: 'pm_1' });
  });
});

describe('the sandbox (payment_provider sandbox)', () => {
  it('keeps its own card form and never loads Stripe.js', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/point_price/detail/3': { ...detail, detail: { ...detail.detail, coupon_point: 0, total_point: 1000 } },
      'GET /user/pay_style': { ...stripeStyles, payment_provider: 'sandbox', publishable_key: '' },
      'GET /user/point/savedcard': { state: 200, card_list: [] },
    });
    openConfirm();
    expect(await screen.findByLabelText('カード番号')).toBeTruthy();
    expect(screen.queryByTestId('stripe-card-element')).toBeNull();
    expect(stripeJs.loads).toEqual([]);
    // Wallets carry their names as neutral text badges whichever provider runs them (issue 13).
    await userEvent.setup().click(screen.getByRole('radio', { name: 'モバイル決済アプリ' }));
    expect(await screen.findByRole('img', { name: 'PayPay' })).toBeTruthy();
  });
});
