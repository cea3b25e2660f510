import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { FormProvider, useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { renderWithClient } from '../../../test/render';
import type { CardInfo } from './card-info';
import { LineupEditor } from './LineupEditor';
import { EMPTY, type PackForm } from './pack-form';

const card = (id: number, buy_point: number): CardInfo => ({
  id,
  name_ja: `カード${id}`,
  name_en: `Card ${id}`,
  image_url: '',
  rarity: 1,
  buy_point,
});
const cards = new Map([card(1, 30_000), card(2, 3_000), card(3, 300), card(9, 16_000)].map((c) => [String(c.id), c]));

// 100 tickets at 1,000: S 1 × 30,000, A 9 × 3,000, C 90 × 300 → 84,000; the last-one prize worth 16,000.
const form: PackForm = {
  ...EMPTY,
  point: '1000',
  total_tickets: '100',
  last_one_card_id: '9',
  lineup: [
    { card_id: '1', rank: 'S', count: '1' },
    { card_id: '2', rank: 'A', count: '9' },
    { card_id: '3', rank: 'C', count: '90' },
  ],
};

/** The editor as the pack page holds it: inside the page's form, its values watched. */
function Harness({
  initial,
  band = { minBp: 6_000, maxBp: 9_000 },
}: {
  initial: PackForm;
  band?: { minBp: number; maxBp: number };
}) {
  const form = useForm<PackForm>({ defaultValues: initial });
  return (
    <FormProvider {...form}>
      <LineupEditor value={form.watch()} cards={cards} band={band} frozen={false} onCards={vi.fn()} />
    </FormProvider>
  );
}

const fig = (key: string) => screen.getByTestId(`economics-${key}`).textContent;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the economics panel beside the lineup', () => {
  it('shows EV per draw, return rate, takings, value, margin, the last-one share and value by rank', () => {
    renderWithClient(<Harness initial={form} />);
    expect(fig('ev')).toBe('840 Points');
    expect(fig('rate')).toBe('84.0 %');
    expect(fig('takings')).toBe('100,000 Points');
    expect(fig('value')).toBe('100,000 Points');
    expect(fig('margin')).toBe('0 Points');
    expect(fig('lastone')).toBe('16.0 %');
    expect(fig('band')).toBe('Expected return rate: 60.0-90.0 %');
    expect(fig('warning')).toBe('');
    const cells = (rank: string) =>
      within(screen.getByTestId(`economics-rank-${rank}`))
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(cells('S')).toEqual(['1', '1.0 %', '30,000', '35.7 %']);
    expect(cells('A')).toEqual(['9', '9.0 %', '27,000', '32.1 %']);
    expect(cells('B')).toEqual(['0', '0.0 %', '0', '0.0 %']);
    expect(cells('C')).toEqual(['90', '90.0 %', '27,000', '32.1 %']);
  });

  it('follows the lineup as it changes, and warns (without blocking) outside the band', () => {
    renderWithClient(<Harness initial={form} />);
    // The S card's tickets from 1 to 3: 102 tickets, value 144,000 → EV 1,412, 141.2 %: above the band, a loss.
    fireEvent.change(screen.getByLabelText('Tickets of Card 1'), { target: { value: '3' } });
    expect(fig('ev')).toBe('1,412 Points');
    expect(fig('rate')).toBe('141.2 %');
    expect(fig('margin')).toBe('-58,000 Points');
    expect(screen.getByTestId('economics-margin').parentElement!.getAttribute('data-warn')).toBe('true');
    expect(fig('warning')).toMatch(/above the expected range/);
    // Removing the S card: 99 tickets worth 54,000 → 545 a draw, 54.5 %: below the band.
    fireEvent.click(screen.getByRole('button', { name: 'Remove Card 1' }));
    expect(fig('ev')).toBe('545 Points');
    expect(fig('rate')).toBe('54.5 %');
    expect(fig('warning')).toMatch(/below the expected range/);
    // The last-one prize taken away: its share is gone and the margin grows by its value.
    fireEvent.click(screen.getByRole('button', { name: 'No last-one prize' }));
    expect(fig('lastone')).toBe('0.0 %');
    expect(fig('margin')).toBe(`${(99_000 - 54_000).toLocaleString('en')} Points`);
  });

  it('shows dashes, never NaN, for an empty lineup or a half-typed count', () => {
    renderWithClient(<Harness initial={{ ...EMPTY, point: '' }} />);
    expect(fig('ev')).toBe('—');
    expect(fig('rate')).toBe('—');
    expect(fig('margin')).toBe('0 Points');
    cleanup();
    renderWithClient(<Harness initial={{ ...form, lineup: [{ card_id: '1', rank: 'S', count: '1.5' }] }} />);
    expect(document.body.textContent).not.toMatch(/NaN|Infinity/);
    expect(fig('ev')).toBe('—');
  });

  it('is in Japanese on a Japanese console', async () => {
    await i18n.changeLanguage('ja');
    renderWithClient(<Harness initial={form} />);
    expect(screen.getByText('1回あたりの期待値')).toBeTruthy();
    expect(screen.getByText('還元率')).toBeTruthy();
    expect(fig('ev')).toBe('840 ポイント');
    await i18n.changeLanguage('en');
  });
});
