import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderRoutes } from '../../test/render';
import { guest, member, packDetail, useJapanese } from '../../test/pack-fixtures';
import { PackDetailPage } from './PackDetailPage';

beforeAll(async () => {
  polyfillDialog();
  await useJapanese();
});
afterEach(cleanup);

const routes = [{ path: '/pack-detail', element: <PackDetailPage /> }];
const detail = { state: 200, detail: packDetail() };

async function clickTen() {
  fireEvent.click(await screen.findByRole('button', { name: /^10連 / }));
}

describe('PackDetailPage purchase flow', () => {
  it('check → confirm modal with count, total and balance after → buy → reveal with the entry state', async () => {
    const api = mockApi({
      'GET /user/point': member,
      'GET /user/pack/detail/7': detail,
      'POST /user/pack/check': { state: 200, token: 'tok', count: 10, point: 1000, payment_method: '1' },
      'POST /user/pack/buy': { state: 200, result: '1', purchase_id: 99, cards: [] },
    });
    const { router } = renderRoutes(routes, '/pack-detail?packId=7');
    await clickTen();
    const dialog = await screen.findByRole('dialog', { name: '購入確認' }, { timeout: 4000 });
    expect(within(dialog).getByTestId('confirm-count').textContent).toBe('10回');
    expect(within(dialog).getByTestId('confirm-total').textContent).toBe('1,000P');
    expect(dialog.textContent).toContain('4,000P');
    expect(api.posts('/user/pack/check')[0]!.params).toEqual({ pack_id: 7, count: 10 });
    fireEvent.click(within(dialog).getByTestId('confirm-buy'));
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/gacha-animation');
    expect(router.state.location.state).toEqual({ from: 'PackDetail', purchaseId: 99 });
    expect(api.posts('/user/pack/buy')[0]!.params).toEqual({ token: 'tok' });
  });

  it('insufficient points asks "ポイントが不足しています。購入しますか？" and yes goes to /buy-point?packId', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/pack/detail/7': detail,
      'POST /user/pack/check': {
        state: 400,
        reason: 'insufficient_points',
        errors: { count: ['ポイントが足りません'] },
      },
    });
    const { router } = renderRoutes(routes, '/pack-detail?packId=7');
    await clickTen();
    expect(await screen.findByText('ポイントが不足しています。購入しますか？')).toBeTruthy();
    // The dialog's buttons may show a moment after its text (a busy machine): wait for them too.
    fireEvent.click(await screen.findByRole('button', { name: 'はい' }));
    await screen.findByTestId('where');
    expect(router.state.location.pathname + router.state.location.search).toBe('/buy-point?packId=7');
  });

  it('insufficient points says how many are missing for the draw pressed', async () => {
    mockApi({
      'GET /user/point': { ...member, point: '300' },
      'GET /user/pack/detail/7': detail,
      'POST /user/pack/check': { state: 400, reason: 'insufficient_points', errors: { count: ['x'] } },
    });
    renderRoutes(routes, '/pack-detail?packId=7');
    await clickTen();
    // 10 draws at 100P each against a balance of 300P.
    expect(await screen.findByText('ポイントが700P不足しています。ポイントを購入しますか？')).toBeTruthy();
  });

  it('insufficient coins shows a modal that only closes', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/pack/detail/7': detail,
      'POST /user/pack/check': { state: 400, reason: 'insufficient_coins', errors: { count: ['x'] } },
    });
    renderRoutes(routes, '/pack-detail?packId=7');
    await clickTen();
    const dialog = await screen.findByRole('dialog', { name: 'コイン不足' });
    expect(within(dialog).queryByRole('button', { name: 'はい' })).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: '閉じる' }).at(-1)!);
    expect(screen.queryByRole('dialog', { name: 'コイン不足' })).toBeNull();
  });

  it('other failures show errors.count', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/pack/detail/7': detail,
      'POST /user/pack/check': { state: 409, reason: 'insufficient_stock', errors: { count: ['在庫が足りません'] } },
    });
    renderRoutes(routes, '/pack-detail?packId=7');
    await clickTen();
    expect((await screen.findByRole('alert')).textContent).toBe('在庫が足りません');
  });

  it('a guest who clicks buy goes to /login?packId', async () => {
    const api = mockApi({ 'GET /user/point': guest, 'GET /user/pack/detail/7': detail });
    const { router } = renderRoutes(routes, '/pack-detail?packId=7');
    await screen.findByRole('heading', { name: 'ドラゴン頂上決戦パック' });
    await clickTen();
    await screen.findByTestId('where');
    expect(router.state.location.pathname + router.state.location.search).toBe('/login?packId=7');
    expect(api.posts('/user/pack/check')).toHaveLength(0);
  });

  it('with num a member gets the confirm on its own and the buttons are hidden meanwhile', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/pack/detail/7': detail,
      'POST /user/pack/check': { state: 200, token: 'tok', count: 100, point: 10000, payment_method: '1' },
    });
    renderRoutes(routes, '/pack-detail?packId=7&num=100');
    await screen.findByRole('heading', { name: 'ドラゴン頂上決戦パック' });
    expect(screen.queryByRole('button', { name: /^10連 / })).toBeNull();
    const dialog = await screen.findByRole('dialog', { name: '購入確認' }, { timeout: 3000 });
    expect(within(dialog).getByTestId('confirm-count').textContent).toBe('100回');
  });

  it('shows errorMessageCount passed back from the confirm page', async () => {
    mockApi({ 'GET /user/point': member, 'GET /user/pack/detail/7': detail });
    renderRoutes(routes, '/pack-detail?packId=7&errorMessageCount=' + encodeURIComponent('売り切れました'));
    expect((await screen.findByRole('alert')).textContent).toBe('売り切れました');
  });

  it('without a packId goes to the top page', async () => {
    mockApi({ 'GET /user/point': guest });
    const { router } = renderRoutes(routes, '/pack-detail');
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/');
  });

  it('a pack that cannot be shown still has one h1 that names the problem, and a retry for a failed load', async () => {
    mockApi({ 'GET /user/point': guest, 'GET /user/pack/detail/404404': { state: 404 } });
    renderRoutes(routes, '/pack-detail?packId=404404');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('ガチャが見つかりません');
    expect(screen.queryByRole('button', { name: '再読み込み' })).toBeNull();
    cleanup();
    mockApi({ 'GET /user/point': guest, 'GET /user/pack/detail/500500': { state: 500 } });
    renderRoutes(routes, '/pack-detail?packId=500500');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('ガチャを表示できません');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
