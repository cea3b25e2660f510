import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithClient } from '../../../test/render';
import { drawnCard, packDetail, purchase, useJapanese } from '../../../test/pack-fixtures';
import { OPENING_MS } from '../../../lib/pack/reveal-beats';
import { Reveal } from './Reveal';
import { MOVIE_DELAY_MS } from './SpotlightMovie';

beforeAll(useJapanese);
const vibrate = vi.fn();
beforeEach(() => {
  localStorage.removeItem('revealSound');
  vibrate.mockReset();
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  Reflect.deleteProperty(navigator, 'vibrate');
  Reflect.deleteProperty(window, 'matchMedia');
});

const plain = drawnCard(1, { num: 3 });
const rankA = drawnCard(2, { rank: 'A', num: 5 });
const rankS = drawnCard(3, { rank: 'S', rarity: 3, num: 9 });

const render = (cards = [plain, rankA, rankS]) => {
  mockApi({ 'GET /user/pack/detail/7': { state: 200, detail: packDetail() } });
  return renderWithClient(
    <MemoryRouter>
      <Reveal result={purchase(cards)} onFinish={vi.fn()} />
    </MemoryRouter>,
  );
};

/** Taps the pack and lets the reveal run on until `until` holds (or about 30 s of reveal time pass). */
const openAndRun = (until: () => boolean = () => !!screen.queryByTestId('reveal-next')) => {
  fireEvent.click(screen.getByRole('button', { name: 'タップして開封' }));
  act(() => vi.advanceTimersByTime(OPENING_MS + 10));
  for (let i = 0; i < 120 && !until(); i++) act(() => vi.advanceTimersByTime(250));
};

const reduceMotion = () =>
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (q: string) => ({ matches: q.includes('reduce'), addEventListener() {}, removeEventListener() {} }),
  });

describe('haptics on a hit', () => {
  it('buzzes once short for rank A and long for rank S, never for a plain card, with effects on', () => {
    localStorage.setItem('revealSound', 'on');
    vi.useFakeTimers();
    render();
    openAndRun();
    expect(vibrate.mock.calls).toEqual([[[45]], [[60, 40, 60, 40, 160]]]);
  });

  it('stays still when the member muted the reveal (the first visit is muted)', () => {
    vi.useFakeTimers();
    render();
    openAndRun();
    expect(screen.getByTestId('reveal-next')).toBeTruthy();
    expect(vibrate).not.toHaveBeenCalled();
  });

  it('stays still when the member asked for reduced motion, even with sound on', () => {
    localStorage.setItem('revealSound', 'on');
    reduceMotion();
    vi.useFakeTimers();
    render();
    openAndRun();
    expect(screen.getByTestId('reveal-next')).toBeTruthy();
    expect(vibrate).not.toHaveBeenCalled();
  });
});

describe("a rank-S card's movie", () => {
  const withMovie = { ...rankS, movie_url: '/media/s-hit.webm' };

  it('waits on a poster for a tap (no autoplay), plays inline after the spec delay, and Skip goes on', () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.useFakeTimers();
    render([plain, withMovie]);
    openAndRun(() => !!screen.queryByTestId('spotlight-movie'));
    const video = screen.getByLabelText('カード3の演出ムービー') as HTMLVideoElement;
    expect(video.getAttribute('poster')).toBe('/c3.svg');
    expect(video.hasAttribute('playsinline')).toBe(true);
    expect(video.hasAttribute('autoplay')).toBe(false);
    // Sound is off on a first visit, so the movie is muted too.
    expect(video.muted).toBe(true);
    const playButton = screen.getByRole('button', { name: /ムービーを再生/ });
    expect(document.activeElement).toBe(playButton);
    // It does not leave by itself: the member decides.
    act(() => vi.advanceTimersByTime(10_000));
    expect(play).not.toHaveBeenCalled();
    expect(screen.getByTestId('spotlight-movie')).toBeTruthy();
    fireEvent.click(playButton);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'ムービーをスキップ' }));
    act(() => vi.advanceTimersByTime(MOVIE_DELAY_MS - 10));
    expect(play).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(20));
    expect(play).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'ムービーをスキップ' }));
    expect(screen.queryByTestId('spotlight-movie')).toBeNull();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('reveal-next')).toBeTruthy();
  });

  it('the movie ending goes on as well; a card without a movie keeps the plain spotlight', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.useFakeTimers();
    render([plain, withMovie]);
    openAndRun(() => !!screen.queryByTestId('spotlight-movie'));
    fireEvent.click(screen.getByRole('button', { name: /ムービーを再生/ }));
    fireEvent.ended(screen.getByLabelText('カード3の演出ムービー'));
    expect(screen.queryByTestId('spotlight-movie')).toBeNull();
    cleanup();
    render([plain, rankS]);
    openAndRun(() => !!screen.queryByText('S賞 獲得！！'));
    expect(screen.queryByTestId('spotlight-movie')).toBeNull();
  });
});

describe('the sound toggle', () => {
  it('starts off, says the change to screen readers, and is remembered for the next reveal', () => {
    render();
    const toggle = screen.getByRole('button', { name: 'サウンド' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('reveal-sound-news').textContent).toBe('');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('reveal-sound-news').textContent).toBe('サウンドをオンにしました');
    cleanup();
    render();
    expect(screen.getByRole('button', { name: 'サウンド' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'サウンド' }));
    expect(screen.getByTestId('reveal-sound-news').textContent).toBe('サウンドをオフにしました');
    expect(localStorage.getItem('revealSound')).toBe('off');
  });
});
