import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderPage } from '../../test/render';
import { member } from '../../test/payment-fixtures';
import { ConfirmBuyPointPage } from './ConfirmBuyPointPage';

// Issue 23: the confirm page on a phone — methods grouped, a tap scrolls to the chosen method's form, and the order
// in brief with the pay button stays in one sticky bar.

const detail = {
  state: 200,
  detail: {
    id: 3,
    point: 1000,
    append_point: 50,
    price: 1000,
    discount: 1.05,
    memo: '',
    pointPriceUseCoupon: '0',
    coupon_point: 0,
    total_point: 1050,
  },
};
// The server's order, with the new ids of issue 23 and one this build does not know (99).
const list = [
  { id: 1, name: 'クレジットカード', memo: '即時反映' },
  { id: 7, name: 'クレジットカード（3Dセキュア）', memo: '' },
  { id: 2, name: 'コンビニ決済', memo: 'お支払い後に反映' },
  { id: 4, name: '銀行振込', memo: '' },
  { id: 6, name: 'キャリア決済', memo: '' },
  { id: 3, name: 'PayPal', memo: '' },
  { id: 12, name: 'Google Pay', memo: '' },
  { id: 8, name: 'PayPay', memo: '' },
  { id: 10, name: 'メルペイ', memo: '' },
  { id: 13, name: 'Paidy', memo: '' },
  { id: 14, name: 'Apple Pay', memo: '' },
  { id: 99, name: 'ポイント払い', memo: '' },
];

let scrolls: { el: Element; opts: ScrollIntoViewOptions | undefined }[];
beforeEach(() => {
  polyfillDialog();
  scrolls = [];
  Element.prototype.scrollIntoView = function (this: Element, opts?: boolean | ScrollIntoViewOptions) {
    scrolls.push({ el: this, opts: typeof opts === 'object' ? opts : undefined });
  };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  mockApi({
    'GET /user/point': member,
    'GET /user/point_price/detail/3': detail,
    'GET /user/pay_style': { state: 200, list, payment_provider: 'sandbox', publishable_key: '' },
    'GET /user/point/savedcard': { state: 200, card_list: [] },
  });
  renderPage(<ConfirmBuyPointPage />, '/confirm-buy-point?pointPriceId=3');
}

const group = (name: string) => screen.getByRole('group', { name });
const radiosIn = (name: string) =>
  within(group(name))
    .getAllByRole('radio')
    .map((r) => r.getAttribute('aria-label'));

describe('the confirm page groups the methods', () => {
  it('shows each method under its group, groups in a fixed order, the server order kept within a group', async () => {
    open();
    await screen.findByRole('radio', { name: 'クレジットカード' });
    const legends = within(screen.getByRole('group', { name: 'お支払い方法' }))
      .getAllByRole('group')
      .map((g) => g.querySelector('legend')!.textContent);
    expect(legends).toEqual([
      'カード',
      'スマホ決済・後払い',
      'コンビニ払い',
      '銀行振込',
      'キャリア決済',
      'その他のお支払い方法',
    ]);
    expect(radiosIn('カード')).toEqual([
      'クレジットカード',
      'クレジットカード（3Dセキュア）',
      'Google Pay',
      'Apple Pay',
    ]);
    expect(radiosIn('スマホ決済・後払い')).toEqual(['PayPal', 'PayPay', 'メルペイ', 'Paidy']);
    expect(radiosIn('コンビニ払い')).toEqual(['コンビニ決済']);
    expect(radiosIn('その他のお支払い方法')).toEqual(['ポイント払い']);
    // One radio group: every method shares the name, so arrow keys move through all of them.
    expect(
      new Set(
        screen
          .getAllByRole('radio')
          .filter((r) => r.closest('[data-group]'))
          .map((r) => r.getAttribute('name')),
      ),
    ).toEqual(new Set(['payId']));
  });

  it('gives every method a drawn mark, and an unknown one a plain grey badge with its first letters', async () => {
    open();
    await screen.findByRole('radio', { name: 'ポイント払い' });
    for (const label of screen.getAllByRole('radio').filter((r) => r.closest('[data-group]'))) {
      const mark = label.closest('label')!.querySelector('svg');
      expect(mark, label.getAttribute('aria-label')!).not.toBeNull();
      // Decorative beside the name: the radio is named by the method, not twice.
      expect(mark!.getAttribute('aria-hidden')).toBe('true');
    }
    const plain = screen.getByRole('radio', { name: 'ポイント払い' }).closest('label')!.querySelector('svg')!;
    expect(plain.querySelector('text')!.textContent).toBe('ポイン');
    expect(plain.querySelector('rect')!.getAttribute('fill')).toBe('#5f6368');
    const merpay = screen.getByRole('radio', { name: 'メルペイ' }).closest('label')!.querySelector('svg')!;
    expect(merpay.querySelector('text')!.textContent).toBe('merpay');
  });

  it("describes a method by its server note, and shows the note in the chosen method's form", async () => {
    open();
    const card = await screen.findByRole('radio', { name: 'クレジットカード' });
    expect(card.getAttribute('aria-describedby')).toBe('pay-1-about');
    expect(document.getElementById('pay-1-about')!.textContent).toBe('即時反映');
    const form = await screen.findByRole('region', { name: 'クレジットカード' });
    expect(within(form).getByText('即時反映')).toBeTruthy();
    expect(await within(form).findByLabelText('カード番号')).toBeTruthy();
  });
});

describe('choosing a method scrolls to its own form', () => {
  it('does not scroll for the preselected method; a tap jumps to the new form', async () => {
    open();
    await screen.findByRole('region', { name: 'クレジットカード' });
    expect(scrolls).toEqual([]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: 'コンビニ決済' }));
    const form = await screen.findByRole('region', { name: 'コンビニ決済' });
    await waitFor(() => expect(scrolls).toHaveLength(1));
    expect(scrolls[0]!.el).toBe(form);
    // Not smooth: a smooth scroll moved the pay button from under the next tap (use-scroll-to-form.ts).
    expect(scrolls[0]!.opts).toEqual({ behavior: 'instant', block: 'start' });
  });

  it('arrow keys move through the methods without scrolling away from the focused radio; Tab goes on to the form', async () => {
    open();
    const card = await screen.findByRole('radio', { name: 'クレジットカード' });
    await waitFor(() => expect((card as HTMLInputElement).checked).toBe(true));
    // user-event finds the next radio of the group with CSS.escape, which jsdom lacks.
    vi.stubGlobal('CSS', { escape: (s: string) => s.replace(/["\\]/g, '\\$&') });
    const user = userEvent.setup();
    card.focus();
    await user.keyboard('{ArrowDown}');
    const next = screen.getByRole('radio', { name: 'クレジットカード（3Dセキュア）' });
    await waitFor(() => expect((next as HTMLInputElement).checked).toBe(true));
    expect(document.activeElement).toBe(next);
    expect(scrolls).toEqual([]);
    // The chosen method's form follows the list, so the next Tab stop after the group is in that form.
    await user.tab();
    const form = screen.getByRole('region', { name: 'クレジットカード（3Dセキュア）' });
    expect(form.contains(document.activeElement)).toBe(true);
  });
});

describe('the order in brief and the pay button stay together', () => {
  it('shows what is bought, the price, the method, when it is credited and no cancellation beside the pay button', async () => {
    open();
    const bar = await screen.findByRole('region', { name: 'ご注文内容' });
    expect(within(bar).getByText('1,050P・1,000円（税込）')).toBeTruthy();
    expect(within(bar).getByText('クレジットカード')).toBeTruthy();
    expect(within(bar).getByText('お支払い後すぐに付与')).toBeTruthy();
    expect(within(bar).getByText('購入後のキャンセル・返金はできません')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: '購入を確定する' })).toBeTruthy();
    // The full final confirmation (12条の6) is still on the page, before the bar.
    const final = screen.getByRole('region', { name: '最終確認' });
    expect(final.compareDocumentPosition(bar) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('radio', { name: 'コンビニ決済' }));
    await waitFor(() => expect(within(bar).getByText('お支払いの確認後に付与')).toBeTruthy());
    expect(within(bar).getByText('コンビニ決済')).toBeTruthy();
  });
});
