import { cleanup, render, screen } from '@testing-library/react';
import type { LastOnePrize as Prize } from '@oripa/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LastOnePrize } from './LastOnePrize';
import { TicketLabel } from './TicketLabel';
import { RevealCard } from './reveal/RevealCard';
import { useJapanese } from '../../test/pack-fixtures';

beforeAll(useJapanese);
afterEach(cleanup);

const prize: Prize = {
  id: 9,
  rank: 'S',
  image_url: '/demo/cards/ds-s1.svg',
  name: '蒼炎の覇王',
  set_count: 1,
  model_number: 'DS01-001',
  rarity: 3,
  rarity_label: 'SR',
  buy_point: 200_000,
  no_reduction: '1',
  winner: null,
};

describe('the last-one prize', () => {
  it('shows the card, its value, and its winner only once won', () => {
    const { rerender } = render(<LastOnePrize prize={prize} />);
    expect(screen.getByRole('heading', { name: 'ラストワン賞' })).toBeTruthy();
    expect(screen.getByText('蒼炎の覇王')).toBeTruthy();
    expect(screen.getByText('変換 200,000P')).toBeTruthy();
    expect(screen.queryByTestId('last-one-winner')).toBeNull();
    rerender(<LastOnePrize prize={{ ...prize, winner: { member: 'ho***', created: '2026-11-24 10:00:00' } }} />);
    expect(screen.getByTestId('last-one-winner').textContent).toContain('ho***');
  });

  it('marks the prize among drawn cards instead of its ticket number 0', () => {
    const { rerender } = render(<TicketLabel card={{ num: 7 }} />);
    expect(screen.getByText('No.7')).toBeTruthy();
    rerender(<TicketLabel card={{ num: 0, last_one: '1' }} />);
    expect(screen.getByTestId('last-one-mark').textContent).toBe('ラストワン賞');
    expect(screen.queryByText('No.0')).toBeNull();
  });

  it('reads the revealed prize out as the last-one prize, not as ticket 0', () => {
    const card = {
      history_id: 1,
      image: prize.image_url,
      name: prize.name,
      rarity: 3 as const,
      rarity_label: 'SR',
      rank: 'S' as const,
      model_number: '',
      num: 0,
      buy_point: 1,
      no_reduction: '0' as const,
      movie_url: '',
      status: 'pending' as const,
      last_one: '1' as const,
    };
    const { container } = render(<RevealCard card={card} revealed />);
    const spoken = container.querySelector('.visually-hidden')!.textContent;
    expect(spoken).toContain('ラストワン賞');
    expect(spoken).not.toContain('チケット番号 0');
  });
});
