import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import i18n from '../../i18n';
import { RequireMember } from '../../components/layout/RouteGuard';
import { afterLoginPath, LoginPage } from './LoginPage';

const routes = [
  { path: '/', element: <p>top page</p> },
  { path: '/pack-detail', element: <p>pack detail</p> },
  { path: '/login', element: <LoginPage /> },
];

describe('login page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('submits on Enter with save_cookie and returns to the pack named by packId', async () => {
    const api = mockApi({ 'GET /user/point': { state: 200, is_login: '0' }, 'POST /user/login': { state: 200 } });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/login?packId=12');
    await user.type(screen.getByLabelText(/^Email address/), 'taro@example.com');
    await user.click(screen.getByLabelText(/Stay logged in/));
    await user.type(screen.getByLabelText(/^Password/), 'abc12345{Enter}');
    expect(await screen.findByText('pack detail')).toBeTruthy();
    expect(router.state.location.search).toBe('?packId=12');
    expect(api.posts('/user/login')[0]!.params).toEqual({
      mail: 'taro@example.com',
      pass: 'abc12345',
      save_cookie: '1',
    });
  });

  it('goes to the top page without packId and sends save_cookie 0 when unticked', async () => {
    const api = mockApi({ 'GET /user/point': { state: 200, is_login: '0' }, 'POST /user/login': { state: 200 } });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(screen.getByLabelText(/^Email address/), 'taro@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'abc12345');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('top page')).toBeTruthy();
    expect(api.posts('/user/login')[0]!.params).toMatchObject({ save_cookie: '0' });
  });

  it('returns to the members-only page that sent the guest to log in', async () => {
    let loggedIn = false;
    mockApi({
      'GET /user/point': () => ({ state: 200, is_login: loggedIn ? '1' : '0' }),
      'POST /user/login': () => {
        loggedIn = true;
        return { state: 200 };
      },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [...routes, { path: '/buy-point-history', element: <RequireMember>points page</RequireMember> }],
      '/buy-point-history?page=2',
    );
    await user.type(await screen.findByLabelText(/^Email address/), 'taro@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'abc12345{Enter}');
    expect(await screen.findByText('points page')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/buy-point-history?page=2');
  });

  it('follows only a path of the shop back', () => {
    expect(afterLoginPath(null, '/my-page')).toBe('/my-page');
    expect(afterLoginPath('7', '/my-page')).toBe('/pack-detail?packId=7');
    for (const bad of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil',
      '/login',
      '/login?x=1',
      '/user-register',
      3,
      undefined,
    ])
      expect(afterLoginPath(null, bad)).toBe('/');
  });

  it('shows the mismatch message on the mail field and stays on the page', async () => {
    mockApi({
      'GET /user/point': { state: 200, is_login: '0' },
      'POST /user/login': { state: 400, errors: { mail: ['Email address or password do not match'] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(screen.getByLabelText(/^Email address/), 'taro@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong{Enter}');
    expect(await screen.findByText('Email address or password do not match')).toBeTruthy();
    expect(screen.getByLabelText(/^Email address/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a lock-out (general error) as a form alert', async () => {
    mockApi({
      'GET /user/point': { state: 200, is_login: '0' },
      'POST /user/login': { state: 429, errors: { general: ['Too many login attempts. Try again in 15 minutes'] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/login');
    await user.type(screen.getByLabelText(/^Email address/), 'taro@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'abc12345{Enter}');
    const alert = await screen.findByText('Too many login attempts. Try again in 15 minutes');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
  });

  it('links to password reissue and registration', () => {
    mockApi({});
    renderRoutes(routes, '/login');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/password-reissue');
    expect(screen.getByRole('link', { name: 'Create a free account' }).getAttribute('href')).toBe('/user-register');
  });
});
