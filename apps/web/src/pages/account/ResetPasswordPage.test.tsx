import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import i18n from '../../i18n';
import { CompletePasswordReissuePage } from './CompletePasswordReissuePage';
import { ResetPasswordPage } from './ResetPasswordPage';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz012345';
const routes = [
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/complete-password-reissue', element: <CompletePasswordReissuePage /> },
];

describe('reset password page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ja');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the expired/invalid state with a link to request again when the token check fails', async () => {
    mockApi({ [`GET /user/reset_password/check/${TOKEN}`]: { state: 400, errors: { token: ['x'] } } });
    renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'このリンクはご利用いただけません' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'パスワードの再発行を申請する' }).getAttribute('href')).toBe(
      '/password-reissue',
    );
  });

  it('treats a missing token as invalid without calling the server', async () => {
    const api = mockApi({});
    renderRoutes(routes, '/reset-password');
    expect(await screen.findByRole('heading', { name: 'このリンクはご利用いただけません' })).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('sets the new password and replaces the form in the history', async () => {
    const api = mockApi({
      [`GET /user/reset_password/check/${TOKEN}`]: { state: 200 },
      'POST /user/reset_password/complete': { state: 200 },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText(/^新しいパスワード必須/), 'newpass99');
    await user.type(screen.getByLabelText(/^新しいパスワード（確認）/), 'newpass98');
    await user.click(screen.getByRole('button', { name: 'パスワードを設定する' }));
    expect(await screen.findByText('パスワード（確認）と一致しません')).toBeTruthy();
    expect(api.posts('/user/reset_password/complete')).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^新しいパスワード（確認）/));
    await user.type(screen.getByLabelText(/^新しいパスワード（確認）/), 'newpass99');
    await user.click(screen.getByRole('button', { name: 'パスワードを設定する' }));
    expect(await screen.findByRole('heading', { name: 'パスワードを再設定しました' })).toBeTruthy();
    expect(api.posts('/user/reset_password/complete')[0]!.params).toEqual({
      token: TOKEN,
      pass: 'newpass99',
      confirmPass: 'newpass99',
    });
    // replace: the memory history holds only the complete page now.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('switches to the invalid state when the server refuses the token on completion', async () => {
    mockApi({
      [`GET /user/reset_password/check/${TOKEN}`]: { state: 200 },
      'POST /user/reset_password/complete': { state: 400, errors: { token: ['このリンクは無効です'] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, `/reset-password?token=${TOKEN}`);
    await user.type(await screen.findByLabelText(/^新しいパスワード必須/), 'newpass99');
    await user.type(screen.getByLabelText(/^新しいパスワード（確認）/), 'newpass99');
    await user.click(screen.getByRole('button', { name: 'パスワードを設定する' }));
    expect(await screen.findByRole('heading', { name: 'このリンクはご利用いただけません' })).toBeTruthy();
  });
});
