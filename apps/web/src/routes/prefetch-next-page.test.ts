import { afterEach, describe, expect, it, vi } from 'vitest';
import { prefetchNextPage } from './prefetch-next-page';

const NEXT = '/assets/PackDetailPage-1.js /assets/PackDetailPage-2.css';
const prefetches = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((l) => [
    l.getAttribute('href'),
    l.getAttribute('crossorigin'),
  ]);
/** A document still loading: jsdom's own has loaded, so its readyState is overridden. */
const loading = () => Object.defineProperty(document, 'readyState', { value: 'interactive', configurable: true });

afterEach(() => {
  vi.useRealTimers();
  document.head.innerHTML = '';
  delete (document as { readyState?: unknown }).readyState;
});

describe('prefetchNextPage', () => {
  it("fetches the next page's files only once the page has loaded, as the page's modules are fetched", () => {
    vi.useFakeTimers();
    document.head.innerHTML = `<meta name="next-page" content="${NEXT}" />`;
    loading();
    prefetchNextPage();
    expect(prefetches()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    // One per task: the first at load, the next in a task of its own.
    expect(prefetches()).toHaveLength(1);
    vi.runAllTimers();
    expect(prefetches()).toEqual([
      ['/assets/PackDetailPage-1.js', ''],
      ['/assets/PackDetailPage-2.css', ''],
    ]);
  });

  it('fetches at once when the page had loaded before the code ran, and nothing without the list', () => {
    vi.useFakeTimers();
    document.head.innerHTML = `<meta name="next-page" content="${NEXT}" />`;
    prefetchNextPage();
    vi.runAllTimers();
    expect(prefetches()).toHaveLength(2);
    document.head.innerHTML = '';
    prefetchNextPage();
    expect(prefetches()).toEqual([]);
  });
});
