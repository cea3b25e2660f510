import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { loadProgrammesStrings } from '../../i18n/lazy-namespaces';
import { MEMBER } from '../../test/fixtures';
import { mockApi } from '../../test/mock-api';
import { renderRoutes } from '../../test/render';
import { RankRewardPage } from './RankRewardPage';

const routes = [{ path: '/rank-reward', element: <RankRewardPage /> }];
const OFFER = {
  state: 200,
  rewards: [{ id: 4, status: 'choosing', point: 200000, card_id: null }],
  cards: [
    { id: 11, name: 'Sky Sovereign', image: '/demo/cards/a.svg', model_number: '', rarity: 3 },
    { id: 12, name: 'Azure Empress', image: '/demo/cards/b.svg', model_number: '', rarity: 3 },
  ],
};

describe("rank 7's reward card (spec section 9)", () => {
  beforeAll(async () => {
    await Promise.all([loadProgrammesStrings('ja'), loadProgrammesStrings('en')]);
  });
  afterEach(async () => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    await i18n.changeLanguage('ja');
  });

  it('picks a card, confirms, and converts it to its points', async () => {
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    const api = mockApi({
      'GET /user/point': { ...MEMBER, rank: 7 },
      'GET /user/rank_reward': OFFER,
      'POST /user/rank_reward': { state: 200, status: 'converted', point: 200000 },
    });
    renderRoutes(routes, '/rank-reward');
    const user = userEvent.setup();
    const convert = await screen.findByRole('button', { name: 'ポイントに交換する' });
    expect((convert as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Azure Empress' }));
    await user.click(convert);
    expect(await screen.findByText('200,000ポイントを付与しました。')).toBeTruthy();
    expect(api.posts('/user/rank_reward').map((c) => c.params)).toEqual([
      { reward_id: 4, card_id: 12, action: 'convert' },
    ]);
  });

  it('says so when no reward waits (English)', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /user/point': MEMBER, 'GET /user/rank_reward': { state: 200, rewards: [], cards: [] } });
    renderRoutes(routes, '/rank-reward');
    expect(await screen.findByText('No reward card is waiting for your choice.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('shows the parcel of a shipped reward card with its timeline', async () => {
    const shipment = {
      id: 9,
      status: 'packed',
      carrier: null,
      tracking_number: '',
      tracking_url: '',
      timeline: [
        { status: 'preparing', at: '2026-11-21 10:00:00' },
        { status: 'packed', at: '2026-11-22 11:00:00' },
      ],
    };
    mockApi({
      'GET /user/point': { ...MEMBER, rank: 7 },
      'GET /user/rank_reward': {
        state: 200,
        rewards: [{ id: 4, status: 'shipping', point: 200000, card_id: '12', shipment }],
        cards: [],
      },
    });
    renderRoutes(routes, '/rank-reward');
    const timeline = await screen.findByTestId('shipment-timeline');
    expect(timeline.querySelectorAll('li')).toHaveLength(2);
    expect(timeline.querySelector('[aria-current="step"]')?.textContent).toContain('梱包済み');
  });
});
