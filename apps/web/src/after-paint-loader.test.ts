import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The loader index.html runs before the app (apps/web/build/after-paint-loader.js, ADR 0060): the page's code waits
// in <template id="app-code"> until the page the server drew is reported painted.
const LOADER = readFileSync(
  path.join(path.dirname(new URL(import.meta.url).pathname), '../build/after-paint-loader.js'),
  'utf8',
);

const CODE =
  '<script type="module" crossorigin src="/assets/index-1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/app-2.js">' +
  '<link rel="modulepreload" crossorigin href="/assets/PackDetailPage-3.js">';

/** The largest-contentful-paint observers the loader made; `paint` reports an entry to them. */
let observers: { report: (list: { getEntries(): { element: Element | null }[] }) => void; off: boolean }[] = [];
const paint = (element: Element | null) => {
  for (const o of observers.filter((x) => !x.off)) o.report({ getEntries: () => [{ element }] });
};
/** What the loader has put in the head so far, in order. */
const started = () =>
  [...document.head.querySelectorAll('script[src], link[rel="modulepreload"]')].map(
    (t) => t.getAttribute('src') ?? t.getAttribute('href'),
  );

function page(root: string) {
  document.head.innerHTML = `<template id="app-code">${CODE}</template>`;
  document.body.innerHTML = `<div id="root">${root}</div>`;
  new Function(LOADER)();
}

beforeEach(() => {
  vi.useFakeTimers();
  observers = [];
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = ['largest-contentful-paint'];
      off = false;
      constructor(public report: (list: { getEntries(): { element: Element | null }[] }) => void) {
        observers.push(this);
      }
      observe() {}
      disconnect() {
        this.off = true;
      }
    },
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the after-paint loader', () => {
  it("starts the code once one of the page's first pictures is reported painted, one tag per task", () => {
    page('<img src="/a.webp" fetchpriority="high"><img src="/b.webp" fetchpriority="high"><img src="/c.webp">');
    const [, second, other] = [...document.querySelectorAll('img')];
    paint(other!);
    paint(null);
    vi.advanceTimersByTime(500);
    expect(started()).toEqual([]);
    paint(second!);
    vi.advanceTimersByTime(0);
    expect(started()).toEqual(['/assets/index-1.js']);
    vi.runAllTimers();
    expect(started()).toEqual(['/assets/index-1.js', '/assets/app-2.js', '/assets/PackDetailPage-3.js']);
    // A copy, not the template's inert node: the browser runs it.
    expect(document.head.querySelector('script[src="/assets/index-1.js"]')!.parentElement).toBe(document.head);
  });

  it('starts on any paint on a page drawn without such a picture, and after a frame on an empty one', () => {
    page('<main><h1>マイページ</h1></main>');
    expect(observers).toHaveLength(1);
    paint(document.querySelector('h1'));
    vi.advanceTimersByTime(0);
    expect(started()).toEqual(['/assets/index-1.js']);

    vi.runAllTimers();
    document.head.innerHTML = '';
    observers = [];
    page('');
    expect(observers).toHaveLength(0);
    vi.advanceTimersByTime(20);
    expect(started()).toContain('/assets/index-1.js');
  });

  it('does not wait for a picture that failed, nor longer than a second', () => {
    page('<img src="/a.webp" fetchpriority="high">');
    document.querySelector('img')!.dispatchEvent(new Event('error'));
    expect(started()).toEqual(['/assets/index-1.js']);

    vi.runAllTimers();
    document.head.innerHTML = '';
    page('<img src="/a.webp" fetchpriority="high">');
    vi.advanceTimersByTime(999);
    expect(started()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(started()).toEqual(['/assets/index-1.js']);
  });
});
