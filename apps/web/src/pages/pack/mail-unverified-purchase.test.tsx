import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { expectResendOffered, mailUnverifiedReply } from '../../test/mail-refusal';
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

it('a check refused for an unconfirmed address shows the message and sends the link again on request', async () => {
  const api = mockApi({
    'GET /user/point': member,
    'GET /user/pack/detail/7': { state: 200, detail: packDetail() },
    'POST /user/pack/check': mailUnverifiedReply('count'),
    'POST /user/mail/verify/send': { state: 200 },
  });
  renderRoutes([{ path: '/pack-detail', element: <PackDetailPage /> }], '/pack-detail?packId=7');
  fireEvent.click(await screen.findByRole('button', { name: /^10連 / }));
  const dialog = await screen.findByRole('dialog', { name: '購入できませんでした' });
  await expectResendOffered(dialog, api);
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
