import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { DETAIL, MEMBER } from '../../../test/fixtures';
import { SideMenu } from './SideMenu';

function open(routes: Record<string, unknown> = {}) {
  const onClose = vi.fn();
  const { calls } = mockApi({ 'GET /user/point': MEMBER, 'GET /user/detail': DETAIL, ...routes });
  const view = renderPage(<SideMenu open onClose={onClose} />, '/', {
    routes: [{ path: '/buy-point', element: <p>buy point page</p> }],
  });
  return { ...view, onClose, calls };
}

describe('SideMenu', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ja');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows balances, rank gauge, address and referral code, with focus on the close button', async () => {
    open();
    const dialog = await screen.findByRole('dialog', { name: 'マイページ' });
    expect(dialog).toHaveProperty('ariaModal', 'true');
    expect(dialog.textContent).toContain('12,345P');
    expect(dialog.textContent).toContain('30枚');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(dialog.textContent).toContain('シルバー');
    expect(await screen.findByText('KIRA2026')).toBeTruthy();
    expect(dialog.textContent).toContain('埼玉県さいたま市浦和区高砂1-2-3');
    expect(screen.getByText('認証済み')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'メニューを閉じる' }));
  });

  it('offers logout only when is_login is 1, and logging out calls the logout api', async () => {
    const { calls, router } = open({ 'GET /user/logout': { state: 200 } });
    const logout = await screen.findByRole('button', { name: 'ログアウト' });
    await userEvent.click(logout);
    await waitFor(() => expect(calls.some((c) => c.path === '/user/logout')).toBe(true));
    expect(router.state.location.pathname).toBe('/');
    cleanup();
    open({ 'GET /user/point': { ...MEMBER, is_login: '0' } });
    await screen.findByRole('dialog');
    expect(screen.queryByRole('button', { name: 'ログアウト' })).toBeNull();
  });

  it('copies the referral code and says copied; a failed copy is only logged', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    open();
    await userEvent.click(await screen.findByRole('button', { name: '紹介コードをコピー' }));
    expect(writeText).toHaveBeenCalledWith('KIRA2026');
    expect(await screen.findByText('コピーしました')).toBeTruthy();
    cleanup();

    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
      configurable: true,
    });
    open();
    await userEvent.click(await screen.findByRole('button', { name: '紹介コードをコピー' }));
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.queryByText('コピーしました')).toBeNull();
  });

  it('shows the server coupon error under the input, and goes to /buy-point on success', async () => {
    const { router, calls } = open({
      'POST /user/coupon/use': (p: Record<string, unknown> | null) =>
        p?.couponCode === 'GOOD'
          ? { state: 200, error: '', kind: 'points', point: 1500 }
          : { state: 200, error: 'このクーポンは使用済みです' },
    });
    const input = (await screen.findByLabelText('クーポンコード')) as HTMLInputElement;
    expect(input.maxLength).toBe(20);
    await userEvent.type(input, 'USED');
    await userEvent.click(screen.getByRole('button', { name: '使用する' }));
    expect((await screen.findByRole('alert')).textContent).toBe('このクーポンは使用済みです');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.clear(input);
    await userEvent.type(input, 'GOOD');
    await userEvent.click(screen.getByRole('button', { name: '使用する' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/buy-point'));
    // The course page says what the coupon did.
    expect(router.state.location.state).toEqual({ notice: 'クーポンを使用しました。1,500Pを付与しました。' });
    expect(calls.filter((c) => c.path === '/user/coupon/use').map((c) => c.params)).toEqual([
      { couponCode: 'USED' },
      { couponCode: 'GOOD' },
    ]);
  });

  it('a coupon refused for an unconfirmed mail address (issue 19 §2) offers to send the link again', async () => {
    const message = 'メールアドレスの確認が済むまで、ご購入やポイント・特典の受け取りはできません。';
    const { calls } = open({
      'POST /user/coupon/use': { state: 403, reason: 'mail_unverified', errors: { couponCode: [message] } },
      'POST /user/mail/verify/send': { state: 200 },
    });
    fireEvent.change(await screen.findByLabelText('クーポンコード'), { target: { value: 'WELCOME500' } });
    fireEvent.click(screen.getByRole('button', { name: '使用する' }));
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    fireEvent.click(screen.getByRole('button', { name: '確認メールを再送する' }));
    const sent = await screen.findByText('確認メールを送信しました。メール内のリンクを開いてください。');
    expect(sent.getAttribute('role')).toBe('status');
    expect(calls.filter((c) => c.path === '/user/mail/verify/send')).toHaveLength(1);
  });

  it('says coupons are unavailable when the endpoint is missing, and checks an empty code locally', async () => {
    const { calls } = open();
    await userEvent.click(await screen.findByRole('button', { name: '使用する' }));
    expect((await screen.findByRole('alert')).textContent).not.toBe('');
    expect(calls.some((c) => c.path === '/user/coupon/use')).toBe(false);
    await userEvent.type(screen.getByLabelText('クーポンコード'), 'ANY');
    await userEvent.click(screen.getByRole('button', { name: '使用する' }));
    expect((await screen.findByText(/現在クーポンはご利用いただけません/)).getAttribute('role')).toBe('alert');
  });

  it('offers to register an address when none is saved', async () => {
    open({ 'GET /user/detail': { state: 200, detail: { ...DETAIL.detail, zipcode: '', pref_id: 0, shiku: '' } } });
    expect(await screen.findByRole('button', { name: 'お届け先を登録する' })).toBeTruthy();
  });

  it('closes on Escape and keeps Tab inside the drawer', async () => {
    const { onClose } = open();
    await screen.findByText('KIRA2026');
    const close = screen.getByRole('button', { name: 'メニューを閉じる' });
    const logout = screen.getByRole('button', { name: 'ログアウト' });
    close.focus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(logout);
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalled();
  });
});
