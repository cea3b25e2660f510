import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { loadProgrammesStrings } from '../../i18n/lazy-namespaces';
import { MEMBER } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { SmsPage } from './SmsPage';
import { SmsErrorPage, SmsSuccessPage } from './SmsResultPages';

const routes = [
  { path: '/sms', element: <SmsPage /> },
  { path: '/sms/success', element: <SmsSuccessPage /> },
  { path: '/sms/error', element: <SmsErrorPage /> },
];
const UNVERIFIED = { ...MEMBER, end_sms: '0' };

describe('SMS verification pages (spec sections 2, 4, 5)', () => {
  beforeAll(async () => {
    await Promise.all([loadProgrammesStrings('ja'), loadProgrammesStrings('en')]);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await i18n.changeLanguage('ja');
  });

  it('mode 0 sends the phone as typed and moves to code entry; a good code goes to /sms/success', async () => {
    const api = mockApi({
      'GET /user/point': UNVERIFIED,
      'POST /user/send_sms': { state: 200 },
      'POST /user/check_sms': { state: 200, end_sms: '1', bonus_point: 500 },
    });
    const { router } = renderRoutes(routes, '/sms');
    const tel = await screen.findByPlaceholderText('00012345678');
    const user = userEvent.setup();
    await user.type(tel, '090-1234-5678');
    await user.click(screen.getByRole('button', { name: '認証コードを送信' }));
    expect(await screen.findByRole('button', { name: '認証する' })).toBeTruthy();
    expect(router.state.location.search).toBe('?pageMode=1');
    expect(api.posts('/user/send_sms').map((c) => c.params)).toEqual([{ tel: '090-1234-5678' }]);
    await user.type(screen.getByRole('textbox'), '123456');
    await user.click(screen.getByRole('button', { name: '認証する' }));
    expect(await screen.findByRole('heading', { name: 'SMS認証が完了しました' })).toBeTruthy();
    expect(screen.getByText('認証ボーナスとして500ポイントを付与しました。')).toBeTruthy();
  });

  it('an empty code is alerted and nothing is sent; a refused code goes to /sms/error', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const api = mockApi({
      'GET /user/point': UNVERIFIED,
      'POST /user/check_sms': { state: 400, errors: { sms_code: ['認証コードが一致しません'] } },
    });
    renderRoutes(routes, '/sms?pageMode=1');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '認証する' }));
    expect(alert).toHaveBeenCalledWith('認証コードを入力してください。');
    expect(api.posts('/user/check_sms')).toHaveLength(0);
    await user.type(screen.getByRole('textbox'), '000000');
    await user.click(screen.getByRole('button', { name: '認証する' }));
    expect(await screen.findByRole('heading', { name: 'コード認証に失敗しました' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '認証コードを入力し直す' }).getAttribute('href')).toBe('/sms?pageMode=1');
    expect(screen.getByRole('link', { name: '電話番号を入力し直す' }).getAttribute('href')).toBe('/sms');
  });

  it("alerts the server's errors.tel, and a refusal without one is the format alert", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockApi({
      'GET /user/point': UNVERIFIED,
      'POST /user/send_sms': { state: 400, errors: { tel: ['この電話番号は既に別のアカウントで認証されています'] } },
    });
    renderRoutes(routes, '/sms');
    const user = userEvent.setup();
    await user.type(await screen.findByPlaceholderText('00012345678'), '09012345678');
    await user.click(screen.getByRole('button', { name: '認証コードを送信' }));
    await vi.waitFor(() => expect(alert).toHaveBeenCalledWith('この電話番号は既に別のアカウントで認証されています'));
  });

  it('mode 2 when end_sms is 1 (English)', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /user/point': MEMBER });
    renderRoutes(routes, '/sms?pageMode=1');
    expect(await screen.findByText('This account is already verified by SMS.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to top' }).getAttribute('href')).toBe('/');
  });
});
