import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REDUCED_MOTION_QUERY } from '../../hooks/use-media-query';
import i18n from '../../i18n';
import { mockApi } from '../../test/mock-api';
import { imagePreloadsIn } from '../../test/preloads';
import { fakeMatchMedia, renderPage } from '../../test/render';
import { BannerCarousel } from './BannerCarousel';
import { AUTOPLAY_DELAY_MS, TRANSITION_MS } from './carousel-loop';
import { TopBanner } from './TopBanner';

const BANNERS = [
  { file_name: '/demo/banners/a.svg', link_url: '/pack-list?index=1', alt: '' },
  { file_name: '/demo/banners/b.svg', link_url: 'https://example.test/campaign', alt: 'Campaign' },
  { file_name: '/demo/banners/c.svg', link_url: '', alt: '' },
];
const current = () =>
  screen.getAllByRole('button', { name: /枚目のバナーを表示/ }).findIndex((b) => b.getAttribute('aria-current'));

describe('BannerCarousel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('ja');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  // The arrows are always in the page; the stylesheet hides them above 768 px (the server knows no width, ADR
  // 0052), which jsdom does not apply: e2e/shell.spec.ts checks them at both widths.
  it('has the arrows and a dot per banner', () => {
    fakeMatchMedia([]);
    renderPage(<BannerCarousel banners={BANNERS} />);
    expect(screen.getByRole('button', { name: '次のバナー' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '前のバナー' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /枚目のバナーを表示/ })).toHaveLength(3);
  });

  it('opens link_url in a new tab and hides the off-screen slides from assistive tech', () => {
    fakeMatchMedia([]);
    renderPage(<BannerCarousel banners={BANNERS} />);
    const slides = screen.getAllByRole('group', { hidden: true });
    expect(slides).toHaveLength(3);
    const link = slides[0]!.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/pack-list?index=1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(slides[1]!.getAttribute('aria-hidden')).toBe('true');
    expect(slides[2]!.querySelector('a')).toBeNull();
    // The shop's alt text names what the art says; without one the slide's position stands in.
    expect(slides[1]!.querySelector('img')!.getAttribute('alt')).toBe('Campaign');
    expect(slides[0]!.querySelector('img')!.getAttribute('alt')).not.toBe('');
  });

  it("prints a wordless picture's caption as text that names its link, the picture left decorative", () => {
    fakeMatchMedia([]);
    const caption = 'ドラゴンシジル「紅蓮竜の咆哮」第3弾 公開中';
    renderPage(<BannerCarousel banners={[{ ...BANNERS[0]!, alt: caption, caption }, BANNERS[1]!]} />);
    const [first, second] = screen.getAllByRole('group', { hidden: true });
    const link = first!.querySelector('a')!;
    expect(link.querySelector('img')!.getAttribute('alt')).toBe('');
    expect(screen.getByRole('link', { name: new RegExp(`^${caption}`) })).toBe(link);
    // A picture with its own words prints nothing over it; its alt text names it.
    expect(second!.textContent).not.toContain('Campaign');
    expect(second!.querySelector('img')!.getAttribute('alt')).toBe('Campaign');
  });

  it("drawn by the server, preloads only the first banner, at high priority (not the loop's clone of the last)", () => {
    fakeMatchMedia([]);
    const html = renderToString(<BannerCarousel banners={BANNERS} />);
    expect(imagePreloadsIn(html)).toEqual(['/demo/banners/a.svg high']);
    expect(html.match(/<img [^>]*fetchPriority="low"/g)).toHaveLength(4);
  });

  it('advances every 2500 ms after the 800 ms slide, loops, and pauses while hovered', () => {
    vi.useFakeTimers();
    fakeMatchMedia([]);
    renderPage(<BannerCarousel banners={BANNERS} />);
    expect(current()).toBe(0);
    act(() => vi.advanceTimersByTime(AUTOPLAY_DELAY_MS + TRANSITION_MS));
    expect(current()).toBe(1);
    act(() => vi.advanceTimersByTime(AUTOPLAY_DELAY_MS + TRANSITION_MS));
    expect(current()).toBe(2);
    act(() => vi.advanceTimersByTime(AUTOPLAY_DELAY_MS + TRANSITION_MS));
    expect(current()).toBe(0);
    fireEvent.mouseEnter(screen.getByRole('region'));
    act(() => vi.advanceTimersByTime((AUTOPLAY_DELAY_MS + TRANSITION_MS) * 3));
    expect(current()).toBe(0);
    fireEvent.mouseLeave(screen.getByRole('region'));
    act(() => vi.advanceTimersByTime(AUTOPLAY_DELAY_MS + TRANSITION_MS));
    expect(current()).toBe(1);
  });

  it('does not autoplay when the user prefers reduced motion, but the dots still move', () => {
    vi.useFakeTimers();
    fakeMatchMedia([REDUCED_MOTION_QUERY]);
    renderPage(<BannerCarousel banners={BANNERS} />);
    act(() => vi.advanceTimersByTime(20_000));
    expect(current()).toBe(0);
    expect(screen.getByRole('button', { name: '自動再生を開始' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '3枚目のバナーを表示' }));
    act(() => vi.advanceTimersByTime(10));
    expect(current()).toBe(2);
  });
});

describe('TopBanner', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders the carousel only in banner mode 1', async () => {
    fakeMatchMedia([]);
    mockApi({ 'GET /user/banner': { state: 200, mode: '1', list: BANNERS } });
    renderPage(<TopBanner />);
    expect(await screen.findByRole('region', { name: 'キャンペーンバナー' })).toBeTruthy();
    cleanup();
    mockApi({ 'GET /user/banner': { state: 200, mode: '0', list: BANNERS } });
    const { container } = renderPage(<TopBanner />);
    await vi.waitFor(() => expect(container.querySelector('[aria-hidden="true"]')).toBeNull());
    expect(screen.queryByRole('region')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
  });
});
