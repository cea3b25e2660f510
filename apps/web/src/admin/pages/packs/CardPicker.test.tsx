import type { AdminCard } from '@oripa/core/admin';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderWithClient } from '../../../test/render';
import { CardPicker } from './CardPicker';

/** A card master of 45 cards: games 1 and 2 alternate, rarity id % 4, sets KR01 (1-25) and KR02 (26-45). */
const master: AdminCard[] = Array.from({ length: 45 }, (_, i) => {
  const id = i + 1;
  return {
    id,
    card_type: 1 + (id % 2),
    name_ja: `星霊竜${id}`,
    name_en: `Star dragon ${id}`,
    rarity: (id % 4) as AdminCard['rarity'],
    model_number: `${id <= 25 ? 'KR01' : 'KR02'}-${String(id).padStart(3, '0')}`,
    buy_point: id * 100,
    no_reduction: false,
    image_url: `/media/card-${id}.webp`,
    updated: '2026-11-27 10:00:00',
  };
});

/** The server's search, as GET /api/admin/cards answers it (filters, newest first, 20 a page). */
function fakeServer() {
  const searches: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      const [path, query] = url.replace(/^\/api/, '').split('?');
      let body: unknown;
      if (path === '/admin/cards') {
        const q = new URLSearchParams(query);
        searches.push(q);
        const text = (q.get('q') ?? '').toLowerCase();
        const rows = master
          .filter((c) => !text || `${c.name_ja} ${c.name_en} ${c.model_number}`.toLowerCase().includes(text))
          .filter((c) => !q.get('card_type') || c.card_type === Number(q.get('card_type')))
          .filter((c) => !q.get('rarity') || c.rarity === Number(q.get('rarity')))
          .filter((c) => !q.get('set') || c.model_number.startsWith(q.get('set')!))
          .sort((a, b) => b.id - a.id);
        const page = Number(q.get('page') ?? 1);
        const per = Number(q.get('per_page') ?? 50);
        body = { state: 200, rows: rows.slice((page - 1) * per, page * per), total: rows.length, page, per_page: per };
      } else if (path === '/admin/content/card-types') {
        body = {
          state: 200,
          rows: [
            { id: 1, name_ja: 'ギャラクシーモンスターズ', name_en: 'Galaxy Monsters' },
            { id: 2, name_ja: 'ドラゴンクエスト風', name_en: 'Dragon Tales' },
          ],
          total: 2,
        };
      } else body = { state: 404, errors: { general: ['Not found'] } };
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return { searches, last: () => searches.at(-1)! };
}

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const rowNames = () =>
  screen.getAllByTestId('picker-row').map((r) => within(r).getAllByRole('cell')[2]!.textContent!.split('#')[0]);

describe('CardPicker (pack editor)', () => {
  it('searches the server as typing pauses, by name or model number, and pages through the results', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderWithClient(<CardPicker inLineup={new Set()} onAdd={vi.fn()} onClose={vi.fn()} />);
    await screen.findByText('45 cards · page 1 of 3');
    expect(rowNames()).toHaveLength(20);
    expect(rowNames()[0]).toBe('Star dragon 45');
    // The search box has the focus as the picker opens.
    expect(document.activeElement).toBe(screen.getByLabelText('Name (ja/en) or model number'));
    const before = server.searches.length;
    await user.keyboard('dragon 3');
    await screen.findByText('11 cards · page 1 of 1'); // Star dragon 3 and 30-39
    // One search for the whole word, not one per key.
    expect(server.searches.length - before).toBeLessThanOrEqual(2);
    expect(server.last().get('q')).toBe('dragon 3');
  });

  it('filters by game, rarity and set, and pages with the filters kept', async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    renderWithClient(<CardPicker inLineup={new Set()} onAdd={vi.fn()} onClose={vi.fn()} />);
    await screen.findByText('45 cards · page 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('45 cards · page 2 of 3');
    expect(server.last().get('page')).toBe('2');
    await screen.findByRole('option', { name: 'Galaxy Monsters' });
    await user.selectOptions(screen.getByLabelText('Card type (game)'), 'Galaxy Monsters');
    await user.selectOptions(screen.getByLabelText('Rarity'), 'Ultra rare');
    await user.type(screen.getByLabelText('Set (start of the model number)'), 'KR01');
    // Game 1 = even ids, rarity 3 = id % 4 = 3: none; so game 2 (odd ids): 3, 7, 11, …
    await screen.findByText('0 cards · page 1 of 1');
    await user.selectOptions(screen.getByLabelText('Card type (game)'), 'Dragon Tales');
    await screen.findByText('6 cards · page 1 of 1'); // 3, 7, 11, 15, 19, 23
    expect(Object.fromEntries(server.last())).toMatchObject({ card_type: '2', rarity: '3', set: 'KR01', page: '1' });
    expect(rowNames()).toEqual([23, 19, 15, 11, 7, 3].map((i) => `Star dragon ${i}`));
  });

  it('counts one card as one card, in the results and in the added message', async () => {
    fakeServer();
    const user = userEvent.setup();
    renderWithClient(<CardPicker inLineup={new Set()} onAdd={vi.fn()} onClose={vi.fn()} />);
    await screen.findByText('45 cards · page 1 of 3');
    await user.type(screen.getByLabelText('Set (start of the model number)'), 'KR02-045');
    await screen.findByText('1 card · page 1 of 1');
    await user.click(screen.getByLabelText('Select Star dragon 45'));
    await user.click(screen.getByRole('button', { name: /^Add 1 selected/ }));
    expect(screen.getByText(/^Added 1 card to /)).toBeTruthy();
  });

  it('adds the ticked cards, from any page, to one rank with one count; cards already in the lineup are not offered', async () => {
    fakeServer();
    const onAdd = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<CardPicker inLineup={new Set(['44'])} onAdd={onAdd} onClose={vi.fn()} />);
    await screen.findByText('45 cards · page 1 of 3');
    expect(screen.queryByLabelText('Select Star dragon 44')).toBeNull();
    expect(within(screen.getAllByTestId('picker-row')[1]!).getByText('In the lineup')).toBeTruthy();
    const add = screen.getByRole('button', { name: /^Add 0 selected/ }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    await user.click(screen.getByLabelText('Select Star dragon 45'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('45 cards · page 2 of 3');
    await user.click(screen.getByLabelText('Select Star dragon 25'));
    await user.selectOptions(screen.getByLabelText('Add to rank'), 'A');
    await user.clear(screen.getByLabelText('Tickets per card'));
    await user.type(screen.getByLabelText('Tickets per card'), '3');
    await user.click(screen.getByRole('button', { name: 'Add 2 selected to A' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
    const [cards, rank, count] = onAdd.mock.calls[0]!;
    expect((cards as AdminCard[]).map((c) => c.id)).toEqual([45, 25]);
    expect([rank, count]).toEqual(['A', 3]);
    expect(screen.getByText('Added 2 cards to A')).toBeTruthy();
    // A count that is not a whole number from 1 is refused in place.
    await user.click(screen.getByLabelText('Select Star dragon 24'));
    await user.clear(screen.getByLabelText('Tickets per card'));
    await user.type(screen.getByLabelText('Tickets per card'), '0');
    await user.click(screen.getByRole('button', { name: 'Add 1 selected to A' }));
    expect(screen.getByRole('alert').textContent).toBe('Enter a whole number from 1');
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('works from the keyboard: Enter searches without submitting the pack form, Space ticks, Escape closes', async () => {
    const server = fakeServer();
    const onAdd = vi.fn();
    const onClose = vi.fn();
    const submit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    const user = userEvent.setup();
    renderWithClient(
      <form onSubmit={submit}>
        <CardPicker inLineup={new Set()} onAdd={onAdd} onClose={onClose} />
      </form>,
    );
    await screen.findByText('45 cards · page 1 of 3');
    await user.keyboard('KR02-04{Enter}');
    await screen.findByText('6 cards · page 1 of 1'); // KR02-040 … 045
    expect(submit).not.toHaveBeenCalled();
    expect(server.last().get('q')).toBe('KR02-04');
    // Tab through the filters to the first result's box; Space ticks it; on to the count; Enter adds.
    await user.tab(); // game
    await user.tab(); // set
    await user.tab(); // rarity
    await user.tab(); // first result
    expect(document.activeElement).toBe(screen.getByLabelText('Select Star dragon 45'));
    await user.keyboard(' ');
    expect((screen.getByLabelText('Select Star dragon 45') as HTMLInputElement).checked).toBe(true);
    screen.getByLabelText('Tickets per card').focus();
    await user.keyboard('{Backspace}5{Enter}');
    expect(onAdd).toHaveBeenCalledWith([expect.objectContaining({ id: 45 })], 'C', 5);
    expect(submit).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('chooses one card in choose mode (the last-one prize)', async () => {
    fakeServer();
    const onChoose = vi.fn();
    const user = userEvent.setup();
    renderWithClient(<CardPicker onChoose={onChoose} onClose={vi.fn()} />);
    await screen.findByText('45 cards · page 1 of 3');
    expect(screen.getByRole('heading', { name: 'Choose the last-one prize' })).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(within(screen.getAllByTestId('picker-row')[2]!).getByRole('button', { name: 'Choose' }));
    await waitFor(() => expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ id: 43 })));
  });
});
