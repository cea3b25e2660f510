import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { member, packDetail, useJapanese } from '../../test/pack-fixtures';
import { ConfirmBuyProductPage } from './ConfirmBuyProductPage';

beforeAll(useJapanese);
afterEach(cleanup);

const routes = [{ path: '/confirm-buy-product', element: <ConfirmBuyProductPage /> }];
const base = { 'GET /user/point': member, 'GET /user/pack/detail/7': { state: 200, detail: packDetail() } };

describe('ConfirmBuyProductPage (the page form of the confirm)', () => {
  it('checks the count, shows the summary and buys into the reveal', async () => {
    const api = mockApi({
      ...base,
      'POST /user/pack/check': { state: 200, token: 't1', count: 1, point: 100, payment_method: '1' },
      'POST /user/pack/buy': { state: 200, result: '1', purchase_id: 5 },
    });
    const { router } = renderRoutes(routes, '/confirm-buy-product?packId=7&buyCount=1');
    expect((await screen.findByTestId('confirm-total')).textContent).toBe('100P');
    fireEvent.click(screen.getByRole('button', { name: '購入する' }));
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/gacha-animation');
    expect(router.state.location.state).toEqual({ from: 'ConfirmBuyProduct', purchaseId: 5 });
    expect(api.posts('/user/pack/check')[0]!.params).toEqual({ pack_id: 7, count: 1 });
  });

  it('a failed check goes back to the pack page carrying errors.count', async () => {
    mockApi({
      ...base,
      'POST /user/pack/check': { state: 409, reason: 'sold_out', errors: { count: ['売り切れました'] } },
    });
    const { router } = renderRoutes(routes, '/confirm-buy-product?packId=7&buyCount=all');
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/pack-detail');
    expect(new URLSearchParams(router.state.location.search).get('errorMessageCount')).toBe('売り切れました');
  });

  it('a count that is not 1..3000 or "all" goes to the pack page without a check', async () => {
    const api = mockApi(base);
    const { router } = renderRoutes(routes, '/confirm-buy-product?packId=7&buyCount=3001');
    await screen.findByTestId('where');
    expect(router.state.location.search).toBe('?packId=7');
    expect(api.posts('/user/pack/check')).toHaveLength(0);
  });
});
