import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderRoutes } from '../../test/render';
import { member, packDetail, useJapanese } from '../../test/pack-fixtures';
import { PackDetailPage } from './PackDetailPage';

beforeAll(async () => {
  polyfillDialog();
  await useJapanese();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MESSAGE = 'ご購入の前にメールアドレスの確認をお願いします。確認メールのリンクを開いてください。';

it('a check refused for an unconfirmed address shows the message and sends the link again on request', async () => {
  const api = mockApi({
    'GET /user/point': member,
    'GET /user/pack/detail/7': { state: 200, detail: packDetail() },
    'POST /user/pack/check': { state: 403, reason: 'mail_unverified', errors: { count: [MESSAGE] } },
    'POST /user/mail/verify/send': { state: 200 },
  });
  renderRoutes([{ path: '/pack-detail', element: <PackDetailPage /> }], '/pack-detail?packId=7');
  fireEvent.click(await screen.findByRole('button', { name: /^10連 / }));
  const dialog = await screen.findByRole('dialog', { name: '購入できませんでした' });
  expect(within(dialog).getByRole('alert').textContent).toBe(MESSAGE);
  fireEvent.click(within(dialog).getByRole('button', { name: '確認メールを再送する' }));
  expect((await within(dialog).findByRole('status')).textContent).toBe(
    '確認メールを送信しました。メール内のリンクを開いてください。',
  );
  expect(api.posts('/user/mail/verify/send')).toHaveLength(1);
});

it('other refusals offer no new link', async () => {
  mockApi({
    'GET /user/point': member,
    'GET /user/pack/detail/7': { state: 200, detail: packDetail() },
    'POST /user/pack/check': { state: 409, reason: 'sold_out', errors: { count: ['売り切れ'] } },
  });
  renderRoutes([{ path: '/pack-detail', element: <PackDetailPage /> }], '/pack-detail?packId=7');
  fireEvent.click(await screen.findByRole('button', { name: /^10連 / }));
  const dialog = await screen.findByRole('dialog', { name: '購入できませんでした' });
  expect(within(dialog).queryByRole('button', { name: '確認メールを再送する' })).toBeNull();
});
