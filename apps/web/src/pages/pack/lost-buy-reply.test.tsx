import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderRoutes } from '../../test/render';
import { drawnCard, member, packDetail, purchase, useJapanese } from '../../test/pack-fixtures';
import { ConfirmBuyProductPage } from './ConfirmBuyProductPage';
import { GetCardListPage } from './GetCardListPage';
import { PackDetailPage } from './PackDetailPage';

// Issue 12 A11: a buy that committed but whose reply was lost must be recovered by sending the same token again
// (the server answers a replayed token with the first purchase), never shown as an error that invites a second buy.

beforeAll(async () => {
  polyfillDialog();
  await useJapanese();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const check = { state: 200, token: 'tok', count: 10, point: 1000, payment_method: '1' };
const bought = { state: 200, result: '1', purchase_id: 99, cards: [] };
const base = { 'GET /user/point': member, 'GET /user/pack/detail/7': { state: 200, detail: packDetail() } };

/** Answers the buy with each of `replies` in turn; 'lost' rejects the fetch like a dropped connection does. */
function buyReplies(...replies: unknown[]) {
  let n = 0;
  return () => {
    const r = replies[Math.min(n++, replies.length - 1)];
    if (r === 'lost') throw new TypeError('Failed to fetch');
    return r;
  };
}

async function buyTenFromPackPage() {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const view = renderRoutes([{ path: '/pack-detail', element: <PackDetailPage /> }], '/pack-detail?packId=7');
  fireEvent.click(await screen.findByRole('button', { name: /^10連 / }));
  const dialog = await screen.findByRole('dialog', { name: '購入確認' }, { timeout: 4000 });
  fireEvent.click(within(dialog).getByTestId('confirm-buy'));
  return view;
}

describe('a buy whose reply is lost', () => {
  it('is sent again with the same token and, once answered, goes to the reveal of that purchase', async () => {
    const api = mockApi({ ...base, 'POST /user/pack/check': check, 'POST /user/pack/buy': buyReplies('lost', bought) });
    const { router } = await buyTenFromPackPage();
    await screen.findByTestId('where', {}, { timeout: 4000 });
    expect(router.state.location.pathname + router.state.location.search).toBe('/gacha-animation?purchaseId=99');
    expect(router.state.location.state).toEqual({ from: 'PackDetail', purchaseId: 99 });
    expect(api.posts('/user/pack/buy').map((c) => c.params)).toEqual([{ token: 'tok' }, { token: 'tok' }]);
  });

  it('a 5xx answer (503 while the database is away, a 500) is repeated the same way', async () => {
    const api = mockApi({
      ...base,
      'POST /user/pack/check': check,
      'POST /user/pack/buy': buyReplies({ state: 503, errors: { general: ['x'] } }, { state: 500 }, bought),
    });
    const { router } = await buyTenFromPackPage();
    await screen.findByTestId('where', {}, { timeout: 6000 });
    expect(router.state.location.search).toBe('?purchaseId=99');
    expect(api.posts('/user/pack/buy')).toHaveLength(3);
  });

  it('a 4xx is an answer: shown at once, never repeated', async () => {
    const api = mockApi({
      ...base,
      'POST /user/pack/check': check,
      'POST /user/pack/buy': { state: 409, reason: 'sold_out', errors: { count: ['売り切れました'] } },
    });
    await buyTenFromPackPage();
    expect((await screen.findByRole('alert')).textContent).toBe('売り切れました');
    await new Promise((r) => setTimeout(r, 600));
    expect(api.posts('/user/pack/buy')).toHaveLength(1);
  });

  it('lost every time: says the outcome is unknown and offers the history instead of a plain error', async () => {
    const api = mockApi({ ...base, 'POST /user/pack/check': check, 'POST /user/pack/buy': buyReplies('lost') });
    const { router } = await buyTenFromPackPage();
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert.textContent).toContain('購入履歴をご確認ください');
    expect(api.posts('/user/pack/buy')).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: '購入履歴を見る' }));
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/buy-product-history');
  }, 15_000);

  it('on the confirm page: lost then answered goes to the reveal with the purchase id', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockApi({
      ...base,
      'POST /user/pack/check': { ...check, count: 1, point: 100 },
      'POST /user/pack/buy': buyReplies('lost', { state: 502 }, bought),
    });
    const { router } = renderRoutes(
      [{ path: '/confirm-buy-product', element: <ConfirmBuyProductPage /> }],
      '/confirm-buy-product?packId=7&buyCount=1',
    );
    await screen.findByTestId('confirm-total');
    fireEvent.click(screen.getByRole('button', { name: '購入する' }));
    await screen.findByTestId('where', {}, { timeout: 6000 });
    expect(router.state.location.pathname + router.state.location.search).toBe('/gacha-animation?purchaseId=99');
    expect(router.state.location.state).toEqual({ from: 'ConfirmBuyProduct', purchaseId: 99 });
    expect(api.posts('/user/pack/buy').map((c) => c.params)).toEqual([
      { token: 'tok' },
      { token: 'tok' },
      { token: 'tok' },
    ]);
  });
});

describe('the results of any purchase are reachable by its id', () => {
  it('/get-card-list?purchaseId loads that purchase, not the latest one', async () => {
    const api = mockApi({
      'GET /user/point': member,
      'GET /user/pack/buy_result': { state: 200, ...purchase([drawnCard(1)], { purchase_id: 4 }) },
    });
    renderRoutes([{ path: '/get-card-list', element: <GetCardListPage /> }], '/get-card-list?purchaseId=4');
    await screen.findAllByRole('checkbox');
    expect(api.gets('/user/pack/buy_result').map((c) => c.path)).toEqual(['/user/pack/buy_result?purchase_id=4']);
  });
});
