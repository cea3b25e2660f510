import { afterEach, describe, expect, it } from 'vitest';
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
  document.head.innerHTML = '';
  delete (document as { readyState?: unknown }).readyState;
});

describe('prefetchNextPage', () => {
  it("fetches the next page's files only once the page has loaded, as the page's modules are fetched", () => {
    document.head.innerHTML = `<meta name="next-page" content="${NEXT}" />`;
    loading();
    prefetchNextPage();
    expect(prefetches()).toEqual([]);
    window.dispatchEvent(new Event('load'));
    expect(prefetches()).toEqual([
      ['/assets/PackDetailPage-1.js', ''],
      ['/assets/PackDetailPage-2.css', ''],
    ]);
  });

  it('fetches at once when the page had loaded before the code ran, and nothing without the list', () => {
    document.head.innerHTML = `<meta name="next-page" content="${NEXT}" />`;
    prefetchNextPage();
    expect(prefetches()).toHaveLength(2);
    document.head.innerHTML = '';
    prefetchNextPage();
    expect(prefetches()).toEqual([]);
  });
});
