import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderPage } from '../../test/render';
import { member } from '../../test/payment-fixtures';
import { BuyPointHistoryPage, CoinHistoryPage } from './HistoryPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const page = { page: 1, all_page: 1, pages: [1] };
const row = (id: number, bonus: number, historyId: number, status: '0' | '1', memo: string) => ({
  id,
  created: '2026-11-20 10:11:12',
  memo,
  history_id: historyId,
  status,
  money: bonus > 0 ? 1000 : 0,
});

describe('point history', () => {
  it('links only rows with bonusPoint ≤ 0 and history_id > 0; status decides the target', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/point/list': {
        state: 200,
        page,
        list: [
          { ...row(1, 1050, 0, '0', 'ポイント購入'), bonusPoint: 1050 },
          { ...row(2, -500, 11, '1', 'パックA 1回'), bonusPoint: -500 },
          { ...row(3, -500, 12, '0', 'パックB 1回'), bonusPoint: -500 },
          { ...row(4, 0, 13, '1', 'パックC 無料'), bonusPoint: 0 },
          { ...row(5, -100, 0, '0', '有効期限切れ'), bonusPoint: -100 },
        ],
      },
    });
    renderPage(<BuyPointHistoryPage />, '/buy-point-history');
    await screen.findByText('ポイント購入');
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['パックA 1回', '/buy-product-history-detail?packHistoryId=11'],
      ['パックB 1回', '/get-card-list?purchaseId=12'],
      ['パックC 無料', '/buy-product-history-detail?packHistoryId=13'],
    ]);
    // The spec's yy/mm/dd in Tokyo, with the instant and the full date for hover and assistive technology.
    const dates = screen.getAllByText('26/11/20');
    expect(dates).toHaveLength(5);
    expect(dates[0]!.tagName).toBe('TIME');
    expect(dates[0]!.getAttribute('dateTime')).toBe('2026-11-20T10:11:12+09:00');
    expect(dates[0]!.getAttribute('title')).toBe('2026年11月20日(金)');
    expect(screen.getByText('+1,050')).toBeTruthy();
  });
});

describe('coin history', () => {
  it('is titled COIN HISTORY and shows the empty message', async () => {
    mockApi({ 'GET /user/point': member, 'GET /user/coin/list': { state: 200, page, list: [] } });
    renderPage(<CoinHistoryPage />, '/coin-history');
    expect(screen.getByRole('heading', { name: 'COIN HISTORY' })).toBeTruthy();
    expect(await screen.findByText('交換・コイン履歴はありません')).toBeTruthy();
  });

  it('applies the link rule with bonusCoin and reads page 2 from its own path', async () => {
    const api = mockApi({
      'GET /user/point': member,
      'GET /user/coin/list/2': {
        state: 200,
        page: { page: 2, all_page: 2, pages: [1, 2] },
        list: [
          { ...row(1, 100, 5, '1', 'コイン付与'), bonusCoin: 100 },
          { ...row(2, -30, 6, '0', 'コインパック'), bonusCoin: -30 },
        ],
      },
    });
    renderPage(<CoinHistoryPage />, '/coin-history?page=2');
    expect((await screen.findByRole('link', { name: 'コインパックの詳細を見る' })).getAttribute('href')).toBe(
      '/get-card-list?purchaseId=6',
    );
    expect(screen.queryByRole('link', { name: 'コイン付与の詳細を見る' })).toBeNull();
    expect(api.gets('/user/coin/list')[0]!.path).toBe('/user/coin/list/2');
    expect(screen.getAllByText('26/11/20')).toHaveLength(2);
  });

  it('dates rows yy/mm/dd in English too, the full English date as the title', async () => {
    await i18n.changeLanguage('en');
    try {
      mockApi({
        'GET /user/point': member,
        'GET /user/coin/list': {
          state: 200,
          page,
          list: [{ ...row(1, 100, 0, '0', 'Coin purchase'), bonusCoin: 100 }],
        },
      });
      renderPage(<CoinHistoryPage />, '/coin-history');
      const date = await screen.findByText('26/11/20');
      expect(date.getAttribute('title')).toBe('Fri, 20 Nov 2026');
      expect(date.getAttribute('dateTime')).toBe('2026-11-20T10:11:12+09:00');
    } finally {
      await i18n.changeLanguage('ja');
    }
  });
});
