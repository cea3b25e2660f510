import { lineupEconomics, type AdminPackDetail } from '@oripa/core/admin';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { mockApi } from '../../../test/mock-api';
import { renderPage } from '../../../test/render';
import { PackEditPage } from './PackEditPage';

const band = { minBp: 6_000, maxBp: 10_000 };
const lineup: AdminPackDetail['lineup'] = [
  {
    card_id: 7,
    rank: 'S',
    count: 1,
    name_ja: '蒼炎の覇王',
    name_en: 'Azure Flame',
    image_url: '',
    rarity: 3,
    buy_point: 3_000,
  },
  {
    card_id: 8,
    rank: 'C',
    count: 9,
    name_ja: '星屑ダニ',
    name_en: 'Stardust Mite',
    image_url: '',
    rarity: 0,
    buy_point: 100,
  },
];
const draft: AdminPackDetail = {
  id: 5,
  pack_id: null,
  status: 'draft',
  name_ja: '星霊竜パック',
  name_en: 'Star Spirit Pack',
  card_type: 1,
  point: 500,
  payment_method: '1',
  image: '',
  start_date: '2026-12-01 10:00:00',
  end_date: null,
  total: 10,
  sold: 0,
  detail_ja: '',
  detail_en: '',
  images: ['/media/p.webp'],
  max_buy_count: 0,
  rank_limit: 0,
  sms_only: false,
  show_cardlist: true,
  total_tickets: 10,
  lineup,
  last_one_card_id: null,
  last_one_card: null,
  sort: 0,
  published_at: null,
  seed_hash: null,
  revealed_seed: null,
  figures: null,
  economics: lineupEconomics(lineup, 500, null, band),
};

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the pack editor: lineup, live economics, publish step', () => {
  it('shows the saved lineup with its cards and figures, with no list of the whole card master', async () => {
    const api = mockApi({
      'GET /admin/packs/5': { state: 200, pack: draft },
      'GET /admin/packs/economics-band': { state: 200, band },
      'GET /admin/content/card-types': { state: 200, rows: [], total: 0 },
    });
    renderPage(<PackEditPage />, '/admin/packs/5', { routePath: '/admin/packs/:id' });
    expect(await screen.findByText('Azure Flame')).toBeTruthy();
    // 10 tickets at 500: 3,000 + 900 → EV 390, 78.0 %.
    expect(screen.getByTestId('economics-ev').textContent).toBe('390 Points');
    expect(screen.getByTestId('economics-rate').textContent).toBe('78.0 %');
    expect(api.gets('/admin/cards')).toEqual([]);
  });

  it('publishes only after the operator has seen the server’s figures of the saved draft', async () => {
    // The server answers the save with its own figures (here a price it reads as 300: 130.0 %, a warning).
    const saved = { ...draft, point: 300, economics: lineupEconomics(lineup, 300, null, band) };
    const api = mockApi({
      'GET /admin/packs/5': { state: 200, pack: draft },
      'GET /admin/packs/economics-band': { state: 200, band },
      'GET /admin/content/card-types': { state: 200, rows: [], total: 0 },
      'POST /admin/packs/5': { state: 200, pack: saved },
      'POST /admin/packs/5/publish': { state: 200, pack: { ...saved, status: 'scheduled', pack_id: 40 } },
    });
    const user = userEvent.setup();
    renderPage(<PackEditPage />, '/admin/packs/5', { routePath: '/admin/packs/:id' });
    await screen.findByText('Azure Flame');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const step = await screen.findByTestId('publish-step');
    expect(api.posts('/admin/packs/5')).toHaveLength(1);
    expect(api.posts('/admin/packs/5/publish')).toHaveLength(0);
    expect(within(step).getByTestId('publish-economics-rate').textContent).toBe('130.0 %');
    expect(within(step).getByTestId('publish-economics-warning').textContent).toMatch(/above the expected range/);
    expect(document.activeElement).toBe(within(step).getByRole('heading', { level: 2 }));
    // Back to editing: nothing is published.
    await user.click(within(step).getByRole('button', { name: 'Back to editing' }));
    expect(screen.queryByTestId('publish-step')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(await screen.findByTestId('publish-step')).getByRole('button', { name: 'Publish now' }));
    expect(api.posts('/admin/packs/5/publish')).toHaveLength(1);
  });
});
