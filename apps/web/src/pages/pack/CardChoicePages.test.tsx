import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../test/mock-api';
import { polyfillDialog, renderRoutes } from '../../test/render';
import { drawnCard, member, purchase, useJapanese } from '../../test/pack-fixtures';
import { HeaderSlotProvider, useHeaderSlotState } from '../../hooks/use-header-slot';
import { ConfirmGetCardListPage } from './ConfirmGetCardListPage';
import { GetCardListPage } from './GetCardListPage';

// The real popup belongs to the accounts work and has its own tests; here it only has to save.
vi.mock('../../components/account/AddressModal', () => ({
  AddressModal: ({ open, onSaved, onClose }: { open: boolean; onSaved?: () => void; onClose: () => void }) =>
    open ? (
      <div role="dialog" aria-label="address">
        <button
          type="button"
          onClick={() => {
            onSaved?.();
            onClose();
          }}
        >
          save address
        </button>
      </div>
    ) : null,
}));

beforeAll(async () => {
  polyfillDialog();
  await useJapanese();
});
afterEach(cleanup);

const cards = [drawnCard(1), drawnCard(2, { no_reduction: '1', rank: 'S', rarity: 3 }), drawnCard(3)];
const buyResult = { state: 200, ...purchase(cards) };

describe('GetCardListPage', () => {
  it('locks no_reduction cards as shipped, totals the points of the others, and carries the choice to confirm', async () => {
    mockApi({ 'GET /user/point': member, 'GET /user/pack/buy_result': buyResult });
    const { router } = renderRoutes([{ path: '/get-card-list', element: <GetCardListPage /> }], '/get-card-list');
    const boxes = await screen.findAllByRole<HTMLInputElement>('checkbox');
    expect(boxes.map((b) => [b.checked, b.disabled])).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ]);
    expect(screen.getByText('このカードはポイントに変換できないため、必ず発送されます。')).toBeTruthy();
    expect(screen.getByTestId('returned-points').textContent).toBe('400P');
    fireEvent.click(boxes[2]!);
    expect(screen.getByTestId('returned-points').textContent).toBe('100P');
    fireEvent.click(boxes[1]!);
    expect(boxes[1]!.checked).toBe(true);
    expect(screen.getByTestId('ship-count').textContent).toBe('2枚');
    expect(screen.getByText(/11月22日\(日\) 10:00までに選択してください（/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('to-confirm'));
    await screen.findByTestId('where');
    expect(router.state.location.search).toBe('?selectedCardHistoryIds=2,3&packId=7&purchaseId=99');
  });

  it('with no cards to choose goes to the top page', async () => {
    mockApi({ 'GET /user/point': member, 'GET /user/pack/buy_result': { state: 200, cards: [] } });
    const { router } = renderRoutes([{ path: '/get-card-list', element: <GetCardListPage /> }], '/get-card-list');
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('ConfirmGetCardListPage decision', () => {
  // The page puts 'skip shipping' into the shared header through the slot; this stands in for the header.
  function SlotHeader() {
    const slot = useHeaderSlotState();
    return (
      <header>
        <p>{slot.title}</p>
        {slot.hasSkip && (
          <button type="button" onClick={slot.skip}>
            header skip
          </button>
        )}
      </header>
    );
  }
  const routes = [
    {
      path: '/confirm-get-card-list',
      element: (
        <HeaderSlotProvider>
          <SlotHeader />
          <ConfirmGetCardListPage />
        </HeaderSlotProvider>
      ),
    },
  ];
  const path = '/confirm-get-card-list?selectedCardHistoryIds=3&packId=7';

  it('204 "0" opens the address popup and sends the same decision again after saving', async () => {
    let n = 0;
    const api = mockApi({
      'GET /user/point': member,
      'GET /user/pack/buy_result': buyResult,
      'POST /user/pack/decision': () =>
        ++n === 1 ? { state: 204, result: '0' } : { state: 200, result: '1', returned_point: 100 },
    });
    renderRoutes(routes, path);
    expect((await screen.findByTestId('confirm-returned')).textContent).toBe('還元ポイント合計 100P');
    expect(screen.getByRole('note').textContent).toContain('あとから選択を変更することはできません');
    fireEvent.click(screen.getByTestId('decide'));
    fireEvent.click(await screen.findByRole('button', { name: 'save address' }));
    expect(await screen.findByRole('heading', { name: '手続きが完了しました' })).toBeTruthy();
    const posts = api.posts('/user/pack/decision').map((c) => c.params);
    expect(posts).toEqual([
      { send_card: [2, 3], reduction_card: [1] },
      { send_card: [2, 3], reduction_card: [1] },
    ]);
    expect(screen.getByText('2枚のカードを5営業日以内に発送します。')).toBeTruthy();
  });

  it('shows where the parcel goes, its fee and when it ships before the irreversible choice (issue 24)', async () => {
    const detail = (pref_id: number, pref_name: string) => ({
      state: 200,
      detail: {
        lastName: '山田',
        middleName: '',
        firstName: '花子',
        mail: 'h@example.com',
        tel: '09012345678',
        zipcode: '1500001',
        pref_id,
        pref_name,
        shiku: '渋谷区',
        address: '神宮前1-2-3',
        building: 'キラキラ館101',
        referral_code: '',
      },
    });
    mockApi({
      'GET /user/point': member,
      'GET /user/pack/buy_result': buyResult,
      'GET /user/detail': detail(13, '東京都'),
    });
    renderRoutes(routes, path);
    const address = await screen.findByTestId('ship-address');
    await vi.waitFor(() => expect(address.textContent).toContain('〒150-0001 東京都 渋谷区 神宮前1-2-3 キラキラ館101'));
    expect(address.textContent).toContain('山田 花子');
    expect(screen.getByTestId('ship-fee').textContent).toBe('無料（日本国内）');
    expect(screen.getByText(/原則5営業日以内に発送します/)).toBeTruthy();
    // The address can be changed from here, before confirming.
    fireEvent.click(screen.getByRole('button', { name: 'お届け先を変更する' }));
    expect(await screen.findByRole('dialog', { name: 'address' })).toBeTruthy();
    cleanup();
    mockApi({
      'GET /user/point': member,
      'GET /user/pack/buy_result': buyResult,
      'GET /user/detail': detail(99, '海外'),
    });
    renderRoutes(routes, path);
    await vi.waitFor(() => expect(screen.getByTestId('ship-fee').textContent).toContain('別途送料・関税等'));
  });

  it('204 "-1" goes to the top page', async () => {
    mockApi({
      'GET /user/point': member,
      'GET /user/pack/buy_result': buyResult,
      'POST /user/pack/decision': { state: 204, result: '-1' },
    });
    const { router } = renderRoutes(routes, path);
    fireEvent.click(await screen.findByTestId('decide'));
    await screen.findByTestId('where');
    expect(router.state.location.pathname).toBe('/');
  });

  it('skip shipping converts every convertible card after a confirm, then offers the pack once more', async () => {
    const api = mockApi({
      'GET /user/point': member,
      'GET /user/pack/buy_result': buyResult,
      'GET /user/pack/detail/7': { state: 404 },
      'POST /user/pack/decision': { state: 200, result: '1' },
    });
    renderRoutes(routes, path);
    expect(await screen.findByText('発送するアイテムを選択', { selector: 'header p' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'header skip' }));
    expect(
      await screen.findByText('2枚のカードをすべてポイント（合計 400P）に変換します。よろしいですか？'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'ポイントに変換する' }));
    expect(await screen.findByRole('dialog', { name: 'もう一回！' })).toBeTruthy();
    expect(screen.getByText('発送するアイテムは5営業日以内に発送します。')).toBeTruthy();
    expect(api.posts('/user/pack/decision')[0]!.params).toEqual({ send_card: [2], reduction_card: [1, 3] });
  });
});
