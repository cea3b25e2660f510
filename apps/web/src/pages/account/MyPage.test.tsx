import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DETAIL, MEMBER, NO_ADDRESS_DETAIL } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderRoutes } from '../../test/render';
import i18n from '../../i18n';
import { MyPage } from './MyPage';

const routes = [
  { path: '/', element: <p>top page</p> },
  { path: '/my-page', element: <MyPage /> },
];
describe('my page', () => {
  beforeAll(polyfillDialog);
  beforeEach(async () => {
    await i18n.changeLanguage('ja');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the balances, the profile and the saved address', async () => {
    mockApi({ 'GET /user/point': MEMBER, 'GET /user/detail': DETAIL });
    renderRoutes(routes, '/my-page');
    expect(await screen.findByText('山田 花子 様')).toBeTruthy();
    expect(screen.getByTestId('my-points').textContent).toBe('12,345P');
    expect(screen.getByText('30枚')).toBeTruthy();
    expect(screen.getByText('シルバー')).toBeTruthy();
    expect(screen.getByText('認証済み')).toBeTruthy();
    expect(screen.getByTestId('my-address').textContent).toContain('埼玉県 さいたま市浦和区 高砂1-2-3');
    expect(screen.getByRole('button', { name: '住所を変更する' })).toBeTruthy();
  });

  it('links the saved cards page from the settings (issue 23: /card-input was linked from nowhere)', async () => {
    mockApi({ 'GET /user/point': MEMBER, 'GET /user/detail': DETAIL });
    renderRoutes(routes, '/my-page');
    const settings = await screen.findByRole('navigation', { name: '設定' });
    expect(within(settings).getByRole('link', { name: 'お支払いカードの管理' }).getAttribute('href')).toBe(
      '/card-input',
    );
  });

  it('offers to register an address when none is saved, in the address popup', async () => {
    mockApi({
      'GET /user/point': MEMBER,
      'GET /user/detail': NO_ADDRESS_DETAIL,
      'GET /user/pref_list': { state: 200, list: [] },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/my-page');
    await user.click(await screen.findByRole('button', { name: '住所を登録する' }));
    expect(await screen.findByRole('heading', { name: '配送先住所の登録' })).toBeTruthy();
  });

  it('shows an error with a retry when the detail cannot be loaded', async () => {
    mockApi({ 'GET /user/point': MEMBER, 'GET /user/detail': { state: 500, errors: { general: ['x'] } } });
    renderRoutes(routes, '/my-page');
    expect(await screen.findByText('会員情報を読み込めませんでした。')).toBeTruthy();
    expect(screen.getByRole('button', { name: '再読み込み' })).toBeTruthy();
  });

  it('logs out and goes to the top page', async () => {
    const api = mockApi({
      'GET /user/point': MEMBER,
      'GET /user/detail': DETAIL,
      'GET /user/logout': { state: 200 },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/my-page');
    await user.click(await screen.findByRole('button', { name: 'ログアウト' }));
    expect(await screen.findByText('top page')).toBeTruthy();
    await waitFor(() => expect(api.calls.some((c) => c.path === '/user/logout')).toBe(true));
  });

  it('shows the notice handed over by the change-password page', async () => {
    mockApi({ 'GET /user/point': MEMBER, 'GET /user/detail': DETAIL });
    const { router } = renderRoutes(routes, '/my-page', { state: { notice: 'passwordChanged' } });
    const notice = await screen.findByText('パスワードを変更しました。');
    expect(notice.getAttribute('role')).toBe('status');
    // Taken out of the history entry, so a reload would not show it again.
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });
});
