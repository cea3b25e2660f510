import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadProgrammesStrings } from '../../i18n/lazy-namespaces';
import { expectResendOffered, mailUnverifiedReply } from '../../test/mail-refusal';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderPage } from '../../test/render';
import { member, useJapanese } from '../../test/pack-fixtures';
import { DailyDrawPage } from './daily-draw/DailyDrawPage';
import { ExchangePage } from './exchange/ExchangePage';
import { SnsCampaignPage } from './sns/SnsCampaignPage';
import { SmsPage } from './SmsPage';

// Issue 19 §2: each way to gain value answers an unconfirmed address with the pack purchase's refusal; the page
// shows its message in a dialog with the button that mails the confirmation link again (not its own alert).
const refused = mailUnverifiedReply();

beforeAll(async () => {
  polyfillDialog();
  await Promise.all([useJapanese(), loadProgrammesStrings('ja')]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = {
  id: 5,
  name: '試験カード',
  image_url: '/x.webp',
  rarity: 2,
  model_number: 'TS-1',
  point: 1000,
  convert_point: 600,
  no_reduction: '0',
  stock_total: 3,
  stock_left: 3,
};

const pages: { name: string; page: ReactElement; path: string; routes: Record<string, unknown>; act: () => void }[] = [
  {
    name: 'daily draw',
    page: <DailyDrawPage />,
    path: '/daily-draw',
    routes: {
      'GET /user/daily_draw': { state: 200, linked: '1', drawn_today: '0', table: [], revealed: [] },
      'POST /user/daily_draw/draw': refused,
    },
    act: () => fireEvent.click(screen.getByRole('button', { name: '今日の抽選をする' })),
  },
  {
    name: 'follow campaign',
    page: <SnsCampaignPage />,
    path: '/sns-campaign',
    routes: {
      'GET /user/sns_campaign': { state: 200, active: '1', point: 300, follow_url: 'https://x.example', claimed: '0' },
      'POST /user/sns_campaign/claim': refused,
    },
    act: () => {
      fireEvent.change(screen.getByLabelText('キャンペーンコード'), { target: { value: 'FOLLOW' } });
      fireEvent.click(screen.getByRole('button', { name: '受け取る' }));
    },
  },
  {
    name: 'exchange corner',
    page: <ExchangePage />,
    path: '/exchange-card',
    routes: {
      'GET /user/exchange_card/list': { state: 200, list: [card], pending: [] },
      'POST /user/exchange_card/check': refused,
    },
    act: () => fireEvent.click(screen.getByRole('button', { name: '試験カード 交換する' })),
  },
  {
    name: 'SMS verification',
    page: <SmsPage />,
    path: '/sms',
    routes: { 'POST /user/send_sms': refused },
    act: () => {
      fireEvent.change(screen.getByPlaceholderText('00012345678'), { target: { value: '09012345678' } });
      fireEvent.click(screen.getByRole('button', { name: '認証コードを送信' }));
    },
  },
];

describe('an unconfirmed mail address on the programme pages', () => {
  for (const p of pages) {
    it(`${p.name}: shows the message and sends the link again on request`, async () => {
      const alert = vi.fn();
      vi.stubGlobal('alert', alert);
      const api = mockApi({
        'GET /user/point': { ...member, end_sms: '0' },
        'POST /user/mail/verify/send': { state: 200 },
        ...p.routes,
      });
      renderPage(p.page, p.path);
      await screen.findByRole('heading', { level: 1 });
      await vi.waitFor(() => p.act());
      const dialog = await screen.findByRole('dialog', { name: 'メールアドレスの確認が必要です' });
      await expectResendOffered(dialog, api);
      expect(alert).not.toHaveBeenCalled();
    });
  }
});
