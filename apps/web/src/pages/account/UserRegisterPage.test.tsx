import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { registrationDraft } from '../../lib/account/registration-draft';
import i18n from '../../i18n';
import { CompleteUserRegisterPage } from './CompleteUserRegisterPage';
import { ConfirmUserRegisterPage } from './ConfirmUserRegisterPage';
import { UserRegisterPage } from './UserRegisterPage';

const routes = [
  { path: '/', element: <p>top page</p> },
  { path: '/user-register', element: <UserRegisterPage /> },
  { path: '/confirm-user-register', element: <ConfirmUserRegisterPage /> },
  { path: '/complete-user-register', element: <CompleteUserRegisterPage /> },
];

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/^姓/), '山田');
  await user.type(screen.getByLabelText(/^名/), '太郎');
  await user.type(screen.getByLabelText(/^電話番号/), '09012345678');
  await user.type(screen.getByLabelText(/^メールアドレス/), 'taro@example.com');
  await user.type(screen.getByLabelText(/^パスワード必須/), 'abc12345');
  await user.type(screen.getByLabelText(/^パスワード（確認）/), 'abc12345');
}

describe('registration form', () => {
  beforeEach(async () => {
    registrationDraft.reset();
    await i18n.changeLanguage('ja');
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the confirm button only after the terms and privacy agreement is ticked', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/user-register');
    expect(screen.queryByRole('button', { name: '入力内容を確認する' })).toBeNull();
    expect(screen.getByText(/同意いただくと、確認ボタンが表示されます/)).toBeTruthy();
    const agree = screen.getByRole('checkbox');
    await user.click(agree);
    expect(screen.getByRole('button', { name: '入力内容を確認する' })).toBeTruthy();
    await user.click(agree);
    expect(screen.queryByRole('button', { name: '入力内容を確認する' })).toBeNull();
  });

  it('opens the terms and the privacy policy in a new tab', () => {
    mockApi({});
    renderRoutes(routes, '/user-register');
    const terms = screen.getByRole('link', { name: /利用規約/ });
    const policy = screen.getByRole('link', { name: /プライバシーポリシー/ });
    expect(terms.getAttribute('href')).toBe('/terms/');
    expect(policy.getAttribute('href')).toBe('/policy/');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(policy.getAttribute('target')).toBe('_blank');
  });

  it('has a middle name field only in English mode', async () => {
    mockApi({});
    const ja = renderRoutes(routes, '/user-register');
    expect(screen.queryByLabelText(/ミドルネーム|Middle name/)).toBeNull();
    ja.unmount();
    await i18n.changeLanguage('en');
    renderRoutes(routes, '/user-register');
    expect(screen.getByLabelText(/^Middle name/)).toBeTruthy();
    expect(screen.getByLabelText(/^First name/).getAttribute('autocomplete')).toBe('given-name');
    expect(screen.getByLabelText(/^Last name/).getAttribute('autocomplete')).toBe('family-name');
  });

  it('checks the fields on the client before calling the server, in the user language', async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderRoutes(routes, '/user-register');
    await user.type(screen.getByLabelText(/^電話番号/), '090-1234-5678');
    await user.type(screen.getByLabelText(/^パスワード必須/), 'abc');
    await user.type(screen.getByLabelText(/^パスワード（確認）/), 'abd');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    const tel = screen.getByLabelText(/^電話番号/);
    await waitFor(() => expect(tel.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('電話番号はハイフンなしの半角数字（10〜11桁）で入力してください')).toBeTruthy();
    expect(screen.getByText('パスワードは半角英数字6〜20文字で入力してください')).toBeTruthy();
    expect(screen.getAllByText('入力してください').length).toBeGreaterThanOrEqual(3); // names and mail
    // The error is announced and tied to its field.
    const errorId = tel
      .getAttribute('aria-describedby')!
      .split(' ')
      .find((id) => id.endsWith('-error'))!;
    expect(document.getElementById(errorId)!.getAttribute('role')).toBe('alert');
    expect(api.posts('/user/confirm')).toHaveLength(0);
  });

  it('shows the first server message of each field, mapping referral_code to the referral field', async () => {
    const api = mockApi({
      'GET /user/point': { state: 200, is_login: '0' },
      'POST /user/confirm': {
        state: 400,
        errors: {
          mail: ['このメールアドレスは既に登録されています', '二つ目のメッセージ'],
          referral_code: ['紹介コードが見つかりません'],
        },
      },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/user-register');
    await fillValidForm(user);
    await user.type(screen.getByLabelText(/^紹介コード/), 'zzzz9999');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByText('このメールアドレスは既に登録されています')).toBeTruthy();
    expect(screen.queryByText('二つ目のメッセージ')).toBeNull();
    expect(screen.getByLabelText(/^紹介コード/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('紹介コードが見つかりません')).toBeTruthy();
    // Japanese mode sends no middle name; the referral code goes out upper-cased.
    expect(api.posts('/user/confirm')[0]!.params).toMatchObject({ middleName: '', referralCode: 'ZZZZ9999' });
  });

  it('goes form → confirm (password masked) → complete, and Back cannot reopen confirm', async () => {
    const api = mockApi({
      'GET /user/point': { state: 200, is_login: '0' },
      'POST /user/confirm': { state: 200 },
      'POST /user/append': { state: 200 },
    });
    const user = userEvent.setup();
    const { router } = renderRoutes(routes, '/user-register');
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    expect(await screen.findByRole('heading', { name: '登録内容の確認' })).toBeTruthy();
    const summary = document.querySelector('dl')!;
    expect(within(summary).getByText('山田 太郎')).toBeTruthy();
    expect(summary.textContent).not.toContain('abc12345');
    expect(summary.textContent).toContain('●●●●●●●●');

    await user.click(screen.getByRole('button', { name: '登録する' }));
    expect(await screen.findByRole('heading', { name: '会員登録が完了しました' })).toBeTruthy();
    expect(api.posts('/user/append')[0]!.params).toMatchObject({ mail: 'taro@example.com', pass: 'abc12345' });
    // Confirm was replaced in the history; opening it (or the form) again goes to the top page.
    await router.navigate(-1);
    expect(await screen.findByText('top page')).toBeTruthy();
    await router.navigate('/confirm-user-register');
    expect(await screen.findByText('top page')).toBeTruthy();
  });

  it('sends a confirm page without a draft (e.g. after a reload) back to the form', async () => {
    mockApi({});
    renderRoutes(routes, '/confirm-user-register');
    expect(await screen.findByRole('heading', { name: '会員登録' })).toBeTruthy();
  });

  it('returns to the form with the field error when the register call refuses a field', async () => {
    mockApi({
      'GET /user/point': { state: 200, is_login: '0' },
      'POST /user/confirm': { state: 200 },
      'POST /user/append': { state: 400, errors: { mail: ['このメールアドレスは既に登録されています'] } },
    });
    const user = userEvent.setup();
    renderRoutes(routes, '/user-register');
    await fillValidForm(user);
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: '入力内容を確認する' }));
    await user.click(await screen.findByRole('button', { name: '登録する' }));
    expect(await screen.findByText('このメールアドレスは既に登録されています')).toBeTruthy();
    // The entered values are kept and the confirm button is back (agreement remembered).
    expect((screen.getByLabelText(/^メールアドレス/) as HTMLInputElement).value).toBe('taro@example.com');
    expect(screen.getByRole('button', { name: '入力内容を確認する' })).toBeTruthy();
  });
});
