import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { MEMBER } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { VerifyMailPage } from './VerifyMailPage';

const TOKEN = 'Abc_def-0123456789abcdefghijklmnopqrstuvwxy';
const routes = [{ path: '/verify-mail', element: <VerifyMailPage /> }];

describe('verify mail page', () => {
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    await i18n.changeLanguage('ja');
  });

  it('posts the token once and says the address is confirmed, with a way back to the packs', async () => {
    await i18n.changeLanguage('ja');
    const api = mockApi({ 'POST /user/mail/verify': { state: 200, mail_verified: true } });
    renderRoutes(routes, `/verify-mail?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'メールアドレスを確認しました' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ガチャを見る' }).getAttribute('href')).toBe('/');
    expect(api.posts('/user/mail/verify').map((c) => c.params)).toEqual([{ token: TOKEN }]);
  });

  it('shows the server’s reason for a spent link in English and offers a logged-in member a new link', async () => {
    await i18n.changeLanguage('en');
    const reason = 'This confirmation link is invalid or has expired. Please ask for a new confirmation mail';
    const api = mockApi({
      'GET /user/point': MEMBER,
      'POST /user/mail/verify': { state: 400, errors: { token: [reason] } },
      'POST /user/mail/verify/send': { state: 200 },
    });
    renderRoutes(routes, `/verify-mail?token=${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(reason);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the link again' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'We sent you a new link. Please open it from your mail.',
    );
    expect(api.posts('/user/mail/verify/send')).toHaveLength(1);
    expect(api.posts('/user/mail/verify')).toHaveLength(1);
  });

  it('treats a missing token as invalid without calling the server, and offers a guest the login', async () => {
    await i18n.changeLanguage('ja');
    const api = mockApi({ 'GET /user/point': { state: 200, is_login: '0' } });
    renderRoutes(routes, '/verify-mail');
    expect(await screen.findByRole('heading', { name: 'このリンクはご利用いただけません' })).toBeTruthy();
    const login = await screen.findByRole('link', { name: 'ログインして確認メールを再送する' });
    expect(login.getAttribute('href')).toBe('/login');
    expect(screen.queryByRole('button', { name: '確認メールを再送する' })).toBeNull();
    expect(api.calls.filter((c) => c.path.startsWith('/user/mail'))).toHaveLength(0);
  });
});
