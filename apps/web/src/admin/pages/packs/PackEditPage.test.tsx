import { lineupEconomics, type AdminPackDetail } from '@oripa/core/admin';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
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

  const routes = (extra: Record<string, unknown> = {}) => ({
    'GET /admin/packs/5': { state: 200, pack: draft },
    'GET /admin/packs/economics-band': { state: 200, band },
    'GET /admin/content/card-types': { state: 200, rows: [], total: 0 },
    ...extra,
  });
  const openDraft = async (extra: Record<string, unknown> = {}, card = 'Azure Flame') => {
    const api = mockApi(routes(extra));
    renderPage(<PackEditPage />, '/admin/packs/5', { routePath: '/admin/packs/:id' });
    await screen.findByText(card);
    return api;
  };
  const form = () => screen.getByRole('form', { name: 'Pack' });

  it('sends the lineup as edited (counts, ranks, a line removed) with the rest of the draft', async () => {
    const api = await openDraft({ 'POST /admin/packs/5': { state: 200, pack: draft } });
    fireEvent.change(screen.getByLabelText('Tickets of Azure Flame'), { target: { value: '2' } });
    fireEvent.change(screen.getByLabelText('Rank of Stardust Mite'), { target: { value: 'B' } });
    fireEvent.change(screen.getByLabelText('Total tickets'), { target: { value: '11' } });
    // The live figures follow: 11 tickets, 6,000 + 900 → EV 627 a draw.
    expect(screen.getByTestId('economics-ev').textContent).toBe('627 Points');
    fireEvent.submit(form());
    await vi.waitFor(() => expect(api.posts('/admin/packs/5')).toHaveLength(1));
    expect(api.posts('/admin/packs/5')[0]!.params).toMatchObject({
      name_ja: '星霊竜パック',
      point: '500',
      total_tickets: '11',
      sms_only: '0',
      show_cardlist: '1',
      last_one_card_id: null,
      start_date: '2026-12-01T10:00',
      lineup: [
        { card_id: '7', rank: 'S', count: '2' },
        { card_id: '8', rank: 'B', count: '9' },
      ],
    });
    // A line removed is not sent.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Stardust Mite' }));
    fireEvent.change(screen.getByLabelText('Total tickets'), { target: { value: '2' } });
    fireEvent.submit(form());
    await vi.waitFor(() => expect(api.posts('/admin/packs/5')).toHaveLength(2));
    expect(api.posts('/admin/packs/5')[1]!.params).toMatchObject({
      total_tickets: '2',
      lineup: [{ card_id: '7', rank: 'S', count: '2' }],
    });
  });

  it('refuses a lineup that does not add up, and a bad count, before sending (English)', async () => {
    const api = await openDraft();
    fireEvent.change(screen.getByLabelText('Total tickets'), { target: { value: '12' } });
    fireEvent.submit(form());
    expect(await screen.findByText('The lineup counts add up to 10 tickets, not the 12 tickets declared')).toBeTruthy();
    const count = screen.getByLabelText('Tickets of Stardust Mite');
    fireEvent.change(count, { target: { value: 'x' } });
    fireEvent.submit(form());
    expect(await screen.findByText('Enter a whole number')).toBeTruthy();
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(count);
    expect(api.posts('/admin/packs/5')).toHaveLength(0);
  });

  it('says what is wrong with each field in Japanese, with the focus on the first', async () => {
    await i18n.changeLanguage('ja');
    try {
      const api = await openDraft({}, '蒼炎の覇王');
      const price = screen.getByLabelText('1回の価格');
      fireEvent.change(price, { target: { value: '-1' } });
      fireEvent.change(screen.getByLabelText('表示順'), { target: { value: 'abc' } });
      fireEvent.submit(screen.getByRole('form', { name: 'パック' }));
      expect(await screen.findByText('0〜1000000の範囲で入力してください')).toBeTruthy();
      expect(screen.getByText('半角数字の整数で入力してください')).toBeTruthy();
      expect(price.getAttribute('aria-invalid')).toBe('true');
      expect(document.activeElement).toBe(price);
      expect(api.posts('/admin/packs/5')).toHaveLength(0);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the server’s refusal at its field, and what belongs to no field above the form', async () => {
    const api = await openDraft({
      'POST /admin/packs/5': {
        state: 400,
        errors: { name_en: ['Name taken by pack #3'], status: ['This pack is no longer a draft'] },
      },
    });
    fireEvent.submit(form());
    const taken = await screen.findByText('Name taken by pack #3');
    expect(screen.getByLabelText('Name (English)').getAttribute('aria-describedby')).toBe(taken.id);
    expect(screen.getByText('This pack is no longer a draft').closest('[role=alert]')).toBeTruthy();
    expect(api.posts('/admin/packs/5')).toHaveLength(1);
  });
});
