import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it, vi } from 'vitest';

const SOURCE = readFileSync(path.resolve(__dirname, '../../public/sw.js'), 'utf8');
const ORIGIN = 'https://shop.example';

/** Runs public/sw.js with a fake worker scope; answers its handlers and what it did with the cache. */
function loadWorker() {
  const handlers = new Map<string, (event: unknown) => void>();
  const stored: string[] = [];
  const cache = {
    match: vi.fn(async () => undefined),
    put: vi.fn(async (req: { url: string }) => void stored.push(req.url)),
  };
  const caches = { open: vi.fn(async () => cache), keys: vi.fn(async () => ['oripa-assets-v0']), delete: vi.fn() };
  const fetch = vi.fn(async () => ({ ok: true, type: 'basic', clone: () => ({}) }));
  const windows: { url: string; focus: ReturnType<typeof vi.fn> }[] = [];
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, fn: (event: unknown) => void) => handlers.set(type, fn),
    skipWaiting: vi.fn(),
    clients: {
      claim: vi.fn(),
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async (url: string) => ({ url })),
    },
    registration: { showNotification: vi.fn(async () => undefined) },
  };
  runInNewContext(SOURCE, { self, caches, fetch, URL, Promise });
  /** Sends one fetch event; answers whether the worker took it over (respondWith) and its answer. */
  const request = async (url: string, method = 'GET') => {
    const respondWith = vi.fn();
    handlers.get('fetch')!({ request: { url: `${ORIGIN}${url}`, method }, respondWith });
    if (respondWith.mock.calls.length) await respondWith.mock.calls[0]![0];
    return respondWith.mock.calls.length > 0;
  };
  /** Sends one event with a waitUntil and waits for what the worker waited on. */
  const dispatch = async (type: string, event: object) => {
    let done: unknown = undefined;
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
  };
  return { handlers, request, stored, caches, fetch, self, windows, dispatch };
}

describe('the service worker (public/sw.js)', () => {
  it('never answers nor stores an /api reply, the live stream, a page, media, the console or the sandbox', async () => {
    const w = loadWorker();
    for (const url of [
      '/api/user/pack/list',
      '/api/user/point',
      '/api/live/stream',
      '/api/user/pack/live',
      '/api/admin/members',
      '/',
      '/pack-detail?packId=1',
      '/media/cards/a.webp',
      '/admin',
      '/sandbox/outbox',
      '/sw.js',
    ]) {
      expect(await w.request(url), url).toBe(false);
    }
    expect(await w.request('/api/user/pack/buy', 'POST')).toBe(false);
    expect(w.caches.open).not.toHaveBeenCalled();
    expect(w.stored).toEqual([]);
  });

  it("keeps the build's hashed files, and only GETs of its own origin", async () => {
    const w = loadWorker();
    expect(await w.request('/assets/index-abc123.js')).toBe(true);
    expect(w.stored).toEqual([`${ORIGIN}/assets/index-abc123.js`]);
    expect(await w.request('/assets/index-abc123.js', 'POST')).toBe(false);
    expect(await w.request('/assets/x.js?v=1')).toBe(false);
    const other = vi.fn();
    w.handlers.get('fetch')!({
      request: { url: 'https://cdn.example/assets/a.js', method: 'GET' },
      respondWith: other,
    });
    expect(other).not.toHaveBeenCalled();
  });

  it('drops the caches of older workers when it takes over', async () => {
    const w = loadWorker();
    let done: Promise<unknown> = Promise.resolve();
    w.handlers.get('activate')!({ waitUntil: (p: Promise<unknown>) => (done = p) });
    await done;
    expect(w.caches.delete).toHaveBeenCalledWith('oripa-assets-v0');
  });

  it('shows a pushed sale-start notice and opens its pack page on a tap', async () => {
    const w = loadWorker();
    const payload = {
      title: 'On sale now',
      body: 'Comet pack is on sale now.',
      url: '/pack-detail?packId=7',
      tag: 'sale-start-7',
    };
    await w.dispatch('push', { data: { json: () => payload } });
    expect(w.self.registration.showNotification).toHaveBeenCalledWith('On sale now', {
      body: 'Comet pack is on sale now.',
      tag: 'sale-start-7',
      icon: '/icons/icon-192.png',
      data: { url: '/pack-detail?packId=7' },
    });
    const notification = { close: vi.fn(), data: { url: '/pack-detail?packId=7' } };
    await w.dispatch('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(w.self.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/pack-detail?packId=7`);

    // A window already on the pack page is brought forward instead of opening another.
    const focus = vi.fn();
    w.windows.push({ url: `${ORIGIN}/pack-detail?packId=7`, focus });
    await w.dispatch('notificationclick', { notification });
    expect(focus).toHaveBeenCalled();
    expect(w.self.clients.openWindow).toHaveBeenCalledTimes(1);
  });

  it('never lets a payload send a tap to another site, and survives a payload that is not JSON', async () => {
    const w = loadWorker();
    await w.dispatch('push', { data: { json: () => JSON.parse('{not json') } });
    expect(w.self.registration.showNotification).toHaveBeenCalledWith(
      'KIRAKIRA ORIPA',
      expect.objectContaining({ data: { url: '/' } }),
    );
    for (const url of ['https://evil.example/', '//evil.example/x', 'javascript:alert(1)']) {
      await w.dispatch('notificationclick', { notification: { close: vi.fn(), data: { url } } });
    }
    expect(w.self.clients.openWindow.mock.calls.map((c) => c[0])).toEqual([`${ORIGIN}/`, `${ORIGIN}/`, `${ORIGIN}/`]);
  });
});
