import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { mayReveal } from '../../../pages/pack/GachaAnimationPage';
import { mockApi } from '../../../test/mock-api';
import { renderWithClient } from '../../../test/render';
import { drawnCard, packDetail, purchase, useJapanese } from '../../../test/pack-fixtures';
import { OPENING_MS } from '../../../lib/pack/reveal-beats';
import { Reveal } from './Reveal';
import { bestTier, flipPause, revealOrder } from '../../../lib/pack/reveal-order';

beforeAll(useJapanese);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const cards = [
  drawnCard(1, { rank: 'S', rarity: 3, num: 40 }),
  drawnCard(2, { rarity: 0, num: 7 }),
  drawnCard(3, { rank: 'B', rarity: 2, num: 12 }),
];

/** The result screen reads the pack's price and links to the pack: a query client and a router around it. */
const render = (ui: ReactElement) => {
  mockApi({ 'GET /user/pack/detail/7': { state: 200, detail: packDetail() } });
  return renderWithClient(<MemoryRouter>{ui}</MemoryRouter>);
};

const revealedCount = () => screen.queryAllByTestId('reveal-card').filter((c) => c.dataset.revealed === '1').length;

describe('Reveal', () => {
  it('flips the weakest first and the rank-S card last, with the spotlight for rare ones', () => {
    expect(revealOrder(cards).map((c) => c.history_id)).toEqual([2, 3, 1]);
    expect(bestTier(cards)).toBe(4);
    expect(flipPause(cards[0]!, 10)).toBeGreaterThan(flipPause(cards[1]!, 10));
    expect(flipPause(cards[1]!, 100)).toBeLessThan(flipPause(cards[1]!, 10));
  });

  it('tap → opening → cards flip one after another → continue', () => {
    vi.useFakeTimers();
    const onFinish = vi.fn();
    render(<Reveal result={purchase(cards)} onFinish={onFinish} />);
    fireEvent.click(screen.getByRole('button', { name: 'タップして開封' }));
    act(() => vi.advanceTimersByTime(OPENING_MS + 10));
    expect(revealedCount()).toBe(0);
    act(() => vi.advanceTimersByTime(600));
    expect(revealedCount()).toBe(1);
    // The rare cards hold the spotlight for a while; it leaves by itself.
    for (let i = 0; i < 20 && !screen.queryByTestId('reveal-next'); i++) {
      act(() => vi.advanceTimersByTime(1000));
    }
    expect(revealedCount()).toBe(3);
    expect(screen.getByText('3枚のカードを獲得！')).toBeTruthy();
    fireEvent.click(screen.getByTestId('reveal-next'));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('skip shows every card at once, each with its ticket number', () => {
    render(<Reveal result={purchase(cards)} onFinish={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'SKIP' }));
    expect(revealedCount()).toBe(3);
    expect(screen.getByText('No.40')).toBeTruthy();
    expect(screen.getByTestId('reveal-next').textContent).toBe('発送するカードを選ぶ');
  });

  it('the result shows each card value and the total, sorts, offers the same draw again and a sound toggle', async () => {
    localStorage.removeItem('revealSound');
    render(<Reveal result={purchase(cards)} onFinish={vi.fn()} />);
    const sound = screen.getByTestId('reveal-sound');
    expect(sound.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(sound);
    expect(localStorage.getItem('revealSound')).toBe('on');
    fireEvent.click(screen.getByRole('button', { name: 'SKIP' }));
    const values = cards.reduce((s, c) => s + c.buy_point, 0);
    expect(screen.getByTestId('result-value').textContent).toBe(`${values.toLocaleString('ja-JP')}P`);
    // 3 draws of a 100P pack.
    expect((await screen.findByTestId('result-spent')).textContent).toBe('300P');
    fireEvent.click(screen.getByRole('button', { name: '価値順' }));
    const shownValues = screen.getAllByTestId('card-value').map((el) => Number(el.textContent!.replace(/[^\d]/g, '')));
    expect(shownValues).toEqual([...shownValues].sort((a, b) => b - a));
    expect(screen.getByTestId('draw-again').getAttribute('href')).toBe('/pack-detail?packId=7');
    expect(screen.getByRole('link', { name: 'Xでシェア' }).getAttribute('href')).toMatch(
      /^https:\/\/twitter\.com\/intent\/tweet\?/,
    );
  });

  it("shares the best card's signed link and image: Web Share where present, X and LINE always", async () => {
    mockApi({
      'GET /user/pack/detail/7': { state: 200, detail: packDetail() },
      'GET /user/pack/share/1': {
        state: 200,
        key: '1-abcdefghijklmnop',
        url: '/pack-detail?packId=7&hit=1-abcdefghijklmnop',
        image: '/share/hit/1-abcdefghijklmnop.png?lang=ja',
      },
    });
    const share = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      renderWithClient(
        <MemoryRouter>
          <Reveal result={purchase(cards)} onFinish={vi.fn()} />
        </MemoryRouter>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'SKIP' }));
      // The rank-S card (history 1) is the one shared, with its own page and picture.
      const image = await screen.findByTestId('hit-share-image');
      expect(image.getAttribute('src')).toBe('/share/hit/1-abcdefghijklmnop.png?lang=ja');
      const hitUrl = `${window.location.origin}/pack-detail?packId=7&hit=1-abcdefghijklmnop`;
      const x = new URL(screen.getByTestId('share-x').getAttribute('href')!);
      expect(x.searchParams.get('url')).toBe(hitUrl);
      expect(new URL(screen.getByTestId('share-line').getAttribute('href')!).searchParams.get('url')).toBe(hitUrl);
      fireEvent.click(screen.getByTestId('share-native'));
      // No canShare in this browser: the link is shared, not a file.
      expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: hitUrl }));
    } finally {
      Reflect.deleteProperty(navigator, 'share');
    }
  });

  it("a 100-draw's result after SKIP lies flat (no 3D flip of a hundred cards) and loads off-screen pictures lazily", () => {
    const hundred = Array.from({ length: 100 }, (_, i) => drawnCard(i + 1, { num: i + 1 }));
    render(<Reveal result={purchase(hundred)} onFinish={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'SKIP' }));
    const grid = screen.getAllByTestId('reveal-card')[0]!.closest('ul')!;
    expect(grid.className).toMatch(/settled/);
    const pictures = grid.querySelectorAll('img');
    expect(pictures).toHaveLength(100);
    expect([...pictures].every((img) => img.getAttribute('loading') === 'lazy')).toBe(true);
    // A 10-draw fits a screen or two: its pictures come at once.
    cleanup();
    render(<Reveal result={purchase(hundred.slice(0, 10))} onFinish={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'SKIP' }));
    expect(document.querySelector('img[loading="lazy"]')).toBeNull();
  });

  it('a coin purchase ends with "next" (to the thank-you page)', () => {
    render(<Reveal result={purchase(cards, { is_buy_coin: '1' })} onFinish={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'SKIP' }));
    expect(screen.getByTestId('reveal-next').textContent).toBe('次へ');
  });
});

describe('the reveal entry rule', () => {
  it('lets in a coin purchase or a visitor from the confirm, and nobody else', () => {
    expect(mayReveal({ is_buy_coin: '1' }, null)).toBe(true);
    expect(mayReveal({ is_buy_coin: '0' }, { from: 'PackDetail' })).toBe(true);
    expect(mayReveal({ is_buy_coin: '0' }, { from: 'ConfirmBuyProduct' })).toBe(true);
    expect(mayReveal({ is_buy_coin: '0' }, null)).toBe(false);
    expect(mayReveal({ is_buy_coin: '0' }, { from: 'elsewhere' })).toBe(false);
  });
});
