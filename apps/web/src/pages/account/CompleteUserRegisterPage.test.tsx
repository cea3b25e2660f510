import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { CompleteUserRegisterPage } from './CompleteUserRegisterPage';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('ja');
});

const render = () => {
  mockApi({ 'GET /user/point': { state: 200, is_login: '1' } });
  renderRoutes([{ path: '/complete-user-register', element: <CompleteUserRegisterPage /> }], '/complete-user-register');
};

// Issue 19 §2: the new member learns that buying, and receiving points and rewards, wait for the confirmed address.
const says = {
  ja: {
    title: '会員登録が完了しました',
    notice:
      'ご登録のメールアドレスに確認メールをお送りしました。メール内のリンクを開いて、メールアドレスの確認を済ませてください。確認が済むまで、ガチャやポイントのご購入、ポイント・特典の受け取りはできません。',
  },
  en: {
    title: 'Welcome aboard!',
    notice:
      'We have sent a confirmation mail to your address. Please open the link in it: until your address is confirmed you cannot buy packs or points, or receive points and rewards.',
  },
};

for (const lang of ['ja', 'en'] as const) {
  it(`says in ${lang} that the mail address must be confirmed before buying`, async () => {
    await i18n.changeLanguage(lang);
    render();
    expect(await screen.findByRole('heading', { name: says[lang].title })).toBeTruthy();
    expect(screen.getByText(says[lang].notice)).toBeTruthy();
  });
}
