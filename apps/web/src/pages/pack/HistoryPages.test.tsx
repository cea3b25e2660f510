import type { PackHistoryRow } from '@oripa/core';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { drawnCard, member, useJapanese } from '../../test/pack-fixtures';
import { BuyProductHistoryDetailPage } from './BuyProductHistoryDetailPage';
import { BuyProductHistoryPage, historyTarget } from './BuyProductHistoryPage';

beforeAll(useJapanese);
afterEach(cleanup);

const row = (id: number, status: '0' | '1', kind: PackHistoryRow['kind'] = 'pack'): PackHistoryRow => ({
  kind,
  id,
  created: '2026-11-21 10:11:12',
  pack_name: `パック${id}`,
  send_state: status === '1' ? '発送準備中' : '',
  point: 1000,
  status,
  delivery_code: '',
  send_card: 1,
  reduction_card: 2,
  reduction_point: 300,
});

describe('BuyProductHistoryPage', () => {
  const page = { page: 1, all_page: 1, pages: [1] };

  it('lists rows dated yy/mm/dd in Tokyo; a decided one opens its detail, an open one the card choice', async () => {
    const api = mockApi({
      'GET /user/point': member,
      'POST /user/history/list/1': { state: 200, list: [row(3, '1'), row(4, '0')], page },
    });
    const { router } = renderRoutes(
      [{ path: '/buy-product-history', element: <BuyProductHistoryPage /> }],
      '/buy-product-history',
    );
    // The spec's yy/mm/dd, with the instant and the full date for hover and assistive technology.
    const dates = await screen.findAllByText('26/11/21');
    expect(dates).toHaveLength(2);
    expect(dates[0]!.tagName).toBe('TIME');
    expect(dates[0]!.getAttribute('dateTime')).toBe('2026-11-21T10:11:12+09:00');
    expect(dates[0]!.getAttribute('title')).toBe('2026年11月21日(土)');
    expect(historyTarget(row(4, '0'))).toBe('/get-card-list?purchaseId=4');
    expect(api.posts('/user/history/list/1')[0]!.params).toEqual({ mode: '0' });
    fireEvent.click(screen.getByRole('button', { name: /パック3/ }));
    await screen.findByTestId('where');
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/buy-product-history-detail?packHistoryId=3',
    );
  });

  it('labels an exchanged card; decided it opens its own detail, undecided the exchange page', async () => {
    mockApi({
      'GET /user/point': member,
      'POST /user/history/list/1': { state: 200, list: [row(7, '1', 'exchange'), row(7, '0')], page },
    });
    renderRoutes([{ path: '/buy-product-history', element: <BuyProductHistoryPage /> }], '/buy-product-history');
    expect(await screen.findByText('カード交換')).toBeTruthy();
    // The same id in both kinds is two rows (a purchase and an exchange order are numbered apart).
    expect(screen.getAllByRole('button', { name: /パック7/ })).toHaveLength(2);
    expect(historyTarget(row(7, '1', 'exchange'))).toBe('/buy-product-history-detail?exchangeId=7');
    expect(historyTarget(row(7, '0', 'exchange'))).toBe('/exchange-card');
  });

  it('dates rows yy/mm/dd in English too, the full date in English as the title', async () => {
    await i18n.changeLanguage('en');
    try {
      mockApi({
        'GET /user/point': member,
        'POST /user/history/list/1': { state: 200, list: [row(3, '1')], page },
      });
      renderRoutes([{ path: '/buy-product-history', element: <BuyProductHistoryPage /> }], '/buy-product-history');
      const date = await screen.findByText('26/11/21');
      expect(date.getAttribute('title')).toBe('Sat, 21 Nov 2026');
      expect(date.getAttribute('dateTime')).toBe('2026-11-21T10:11:12+09:00');
    } finally {
      await useJapanese();
    }
  });

  it('sends the chosen filter as mode', async () => {
    const api = mockApi({
      'GET /user/point': member,
      'POST /user/history/list/1': { state: 200, list: [], page },
    });
    renderRoutes([{ path: '/buy-product-history', element: <BuyProductHistoryPage /> }], '/buy-product-history');
    expect(await screen.findByText('ガチャの購入履歴はまだありません。')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('表示'), { target: { value: '2' } });
    await screen.findByText('ガチャの購入履歴はまだありません。');
    await new Promise((r) => setTimeout(r, 50));
    expect(api.posts('/user/history/list/1').map((c) => c.params)).toContainEqual({ mode: '2' });
  });
});

describe('BuyProductHistoryDetailPage (SHIPPED)', () => {
  it('shows the pack, the date only, the delivery code, both card lists and the returned points with P', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/history/detail/3': {
        state: 200,
        detail: {
          ...row(3, '1'),
          delivery_code: 'YT-123',
          shipment: {
            id: 9,
            status: 'shipped',
            carrier: 'yamato',
            tracking_number: '1',
            tracking_url: '',
            timeline: [],
          },
          shipped_cards: [drawnCard(1, { status: 'ship' })],
          converted_cards: [drawnCard(2, { status: 'convert' }), drawnCard(3, { status: 'convert' })],
        },
      },
    });
    renderRoutes(
      [{ path: '/buy-product-history-detail', element: <BuyProductHistoryDetailPage /> }],
      '/buy-product-history-detail?packHistoryId=3',
    );
    expect(await screen.findByText('パック3')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('SHIPPED');
    expect(screen.getByText('2026年11月21日(土)')).toBeTruthy();
    expect(screen.getByTestId('delivery-code').textContent).toBe('YT-123');
    expect(screen.getByText('発送したカード（1枚）')).toBeTruthy();
    expect(screen.getByText('ポイントに変換したカード（2枚）')).toBeTruthy();
    expect(screen.getByTestId('total-returned').textContent).toBe('300P');
    expect(screen.getByRole('link', { name: 'ガチャ履歴へ戻る' }).getAttribute('href')).toBe('/buy-product-history');
  });

  it('says the cards are still to be shipped, with the parcel status, until the parcel has left (issue 24)', async () => {
    const detail = (shipment: unknown) => ({
      state: 200,
      detail: { ...row(3, '1'), shipment, shipped_cards: [drawnCard(1), drawnCard(2)], converted_cards: [] },
    });
    const parcel = (status: string) => ({
      id: 9,
      status,
      carrier: null,
      tracking_number: '',
      tracking_url: '',
      timeline: [],
    });
    const cases: [unknown, string][] = [
      [null, '発送予定のカード（2枚）・発送準備中'],
      [parcel('packed'), '発送予定のカード（2枚）・梱包済み'],
      [parcel('held'), '発送予定のカード（2枚）・発送保留中'],
      [parcel('shipped'), '発送したカード（2枚）'],
    ];
    for (const [shipment, heading] of cases) {
      mockApi({ 'GET /user/point': member, 'GET /user/history/detail/3': detail(shipment) });
      renderRoutes(
        [{ path: '/buy-product-history-detail', element: <BuyProductHistoryDetailPage /> }],
        '/buy-product-history-detail?packHistoryId=3',
      );
      expect((await screen.findByRole('heading', { level: 2, name: /カード（2枚）/ })).textContent).toBe(heading);
      cleanup();
    }
  });

  it('reads naturally in English: the date through Intl and the points as the rest of the shop writes them', async () => {
    await i18n.changeLanguage('en');
    try {
      mockApi({
        'GET /user/point': member,
        'GET /user/history/detail/3': {
          state: 200,
          detail: { ...row(3, '1'), reduction_point: 0, shipped_cards: [drawnCard(1)], converted_cards: [] },
        },
      });
      renderRoutes(
        [{ path: '/buy-product-history-detail', element: <BuyProductHistoryDetailPage /> }],
        '/buy-product-history-detail?packHistoryId=3',
      );
      expect(await screen.findByText('Sat, 21 Nov 2026')).toBeTruthy();
      expect(screen.getByTestId('total-returned').textContent).toBe('0 P');
    } finally {
      await useJapanese();
    }
  });
});

describe('BuyProductHistoryDetailPage for an exchanged card', () => {
  it('reads the exchange detail and shows the card instead of the two drawn-card lists', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/history/exchange/5': {
        state: 200,
        detail: {
          ...row(5, '1', 'exchange'),
          pack_name: '交換カード',
          shipped_cards: [],
          converted_cards: [],
          exchange_card: {
            id: 2,
            name: '交換カード',
            image_url: '/x.svg',
            rarity: 2,
            model_number: 'EX-1',
            point: 1000,
            convert_point: 600,
            no_reduction: '0',
            stock_total: 3,
            stock_left: 1,
          },
        },
      },
    });
    renderRoutes(
      [{ path: '/buy-product-history-detail', element: <BuyProductHistoryDetailPage /> }],
      '/buy-product-history-detail?exchangeId=5',
    );
    expect(await screen.findByRole('heading', { name: '交換したカード' })).toBeTruthy();
    expect(screen.getByText('交換日')).toBeTruthy();
    expect(screen.queryByText(/発送したカード（/)).toBeNull();
    expect(screen.queryByTestId('total-returned')).toBeNull();
  });
});
