import type { PickListReply } from '@oripa/core/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { shipmentDetail } from '../../../test/shipment-fixtures';
import { PickListPage } from './PickListPage';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('ja');
});

const line = (name: string, model_number: string, source_id: number) => ({
  source: 'draw' as const,
  source_id,
  history_id: source_id,
  purchase_id: 1,
  ticket_no: source_id,
  rank: 'A',
  name,
  model_number,
  image_url: `/media/${model_number}.webp`,
  pack_name: 'Test pack',
});
const parcel = (id: number, lines: ReturnType<typeof line>[]) => shipmentDetail(id, lines);

function renderAt(url: string) {
  const reply: PickListReply & { state: number } = {
    state: 200,
    shipments: [
      parcel(7, [line('Ember Fox', 'DS-010', 1), line('Aqua Drake', 'DS-002', 2), line('Ember Fox', 'DS-010', 3)]),
      parcel(9, [line('Ember Fox', 'DS-010', 4)]),
    ],
    total: 2,
    from: 1,
    to: 2,
    next_after: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(reply), { headers: { 'content-type': 'application/json' } })),
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[url]}>
        <PickListPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the pick list (console)', () => {
  it('combined: one row per card with its picture, the count and the parcels it goes to', async () => {
    await i18n.changeLanguage('ja');
    renderAt('/admin/shipments/pick-list?status=preparing&view=combined');
    expect(await screen.findByRole('heading', { name: 'カード別ピッキングリスト' })).toBeTruthy();
    const rows = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Aqua Drake.*DS-002.*1.*#7$/),
      expect.stringMatching(/Ember Fox.*DS-010.*3.*#7 ×2, #9$/),
    ]);
    expect(rows[1]!.querySelector('img')?.getAttribute('src')).toBe('/media/DS-010.webp');
    expect(screen.getByText(/2件の発送に入れるカード2種類・4枚/)).toBeTruthy();
  });

  it('per parcel by default, with a link to the combined view (English)', async () => {
    await i18n.changeLanguage('en');
    renderAt('/admin/shipments/pick-list?status=preparing');
    expect(await screen.findByRole('heading', { name: 'Pick list' })).toBeTruthy();
    expect(await screen.findAllByRole('table')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'By card (combined)' }).getAttribute('href')).toBe(
      '/admin/shipments/pick-list?status=preparing&view=combined',
    );
  });
});
