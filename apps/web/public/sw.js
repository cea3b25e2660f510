/*
 * The storefront's service worker (issue 22 §4): it makes the shop installable and keeps the build's hashed files
 * (/assets/…, immutable) for a faster second visit. It never answers anything else from a cache: /api replies
 * (balances, stock, purchases, the live stream), pages, media, the console and the sandbox always go to the
 * network, because a stale balance or stock figure would be wrong, and a cached purchase reply worse. Plain
 * JavaScript served as it is (apps/web/public), tested by apps/web/src/pwa/service-worker.test.ts.
 */
const CACHE = 'oripa-assets-v1';

/** Whether a request may be answered from the cache: same-origin GETs of the build's hashed files, nothing else. */
function cacheable(request) {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/') && !url.search;
}

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  // Older caches belong to an older worker; the hashed files in them are not needed any more.
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  // Anything not cacheable is left to the browser: no respondWith, so it is fetched as if no worker were there.
  if (!cacheable(event.request)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(event.request);
      if (hit) return hit;
      const reply = await fetch(event.request);
      if (reply.ok && reply.type === 'basic') await cache.put(event.request, reply.clone());
      return reply;
    }),
  );
});
