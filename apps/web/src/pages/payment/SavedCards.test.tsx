import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderPage } from '../../test/render';
import { member } from '../../test/payment-fixtures';
import { ConfirmBuyPointPage } from './ConfirmBuyPointPage';

beforeEach(polyfillDialog);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const detail = {
  state: 200,
  detail: {
    id: 3,
    point: 1000,
    append_point: 0,
    price: 1000,
    discount: 1,
    memo: '',
    pointPriceUseCoupon: '0',
    coupon_point: 0,
    total_point: 1000,
  },
};

function server(deleteReply: object, buy: object = { state: 200, result: '1', url: '1' }) {
  let cards = [
    { id: 21, card: '**** **** **** 1111', brand: 'VISA', expire: '03/30' },
    { id: 22, card: '**** **** **** 4242', brand: 'VISA', expire: '04/31' },
  ];
  return mockApi({
    'GET /user/point': member,
    'GET /user/point_price/detail/3': detail,
    'GET /user/pay_style': { state: 200, list: [{ id: 1, name: 'クレジットカード', memo: '' }] },
    'GET /user/point/savedcard': () => ({ state: 200, card_list: cards }),
    'POST /user/point/deletecard': (p: Record<string, unknown> | null) => {
      if ((deleteReply as { state: number }).state === 200) cards = cards.filter((c) => c.id !== p?.card_index);
      return deleteReply;
    },
    'POST /user/point/buy': buy,
  });
}

describe('saved cards on the confirm page', () => {
  it('preselects the first saved card and buys with its card_index', async () => {
    const api = server({ state: 200 });
    const user = userEvent.setup();
    renderPage(<ConfirmBuyPointPage />, '/confirm-buy-point?pointPriceId=3');
    const first = await screen.findByRole<HTMLInputElement>('radio', { name: /1111/ }, { timeout: 4000 });
    await waitFor(() => expect(first.checked).toBe(true));
    expect(screen.queryByLabelText('セキュリティコード')).toBeNull();
    await user.click(screen.getByRole('button', { name: '購入を確定する' }));
    await screen.findByText('お支払いが完了し、1,000Pが付与されました');
    expect(api.posts('/user/point/buy')[0]!.params).toMatchObject({ pay_id: 1, card_index: 21 });
    expect(api.posts('/sandbox/card/token')).toHaveLength(0);
  });

  it('asks before deleting; cancelling sends nothing, confirming deletes', async () => {
    const api = server({ state: 200 });
    const user = userEvent.setup();
    renderPage(<ConfirmBuyPointPage />, '/confirm-buy-point?pointPriceId=3');
    await user.click(await screen.findByRole('button', { name: '**** **** **** 1111 を削除' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('**** **** **** 1111 を削除します。よろしいですか？')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
    expect(api.posts('/user/point/deletecard')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: '**** **** **** 1111 を削除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除' }));
    expect(await screen.findByText('カードを削除しました')).toBeTruthy();
    expect(api.posts('/user/point/deletecard')[0]!.params).toEqual({ card_index: 21 });
    await waitFor(() => expect(screen.queryByRole('radio', { name: /1111/ })).toBeNull());
  });

  it('a failed delete says so and keeps the card', async () => {
    server({ state: 400, errors: { card_index: ['x'] } });
    const user = userEvent.setup();
    renderPage(<ConfirmBuyPointPage />, '/confirm-buy-point?pointPriceId=3');
    await user.click(await screen.findByRole('button', { name: '**** **** **** 4242 を削除' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除' }));
    expect(await screen.findByText('カードの削除に失敗しました')).toBeTruthy();
    expect(screen.getByRole('radio', { name: /4242/ })).toBeTruthy();
  });
});
