/*
 * The storefront's service worker (issue 22 §4): it makes the shop installable and keeps the build's hashed files
 * (/assets/…, immutable) for a faster second visit. It never answers anything else from a cache: /api replies
 * (balances, stock, purchases, the live stream), pages, media, the console and the sandbox always go to the
 * network, because a stale balance or stock figure would be wrong, and a cached purchase reply worse. It also shows
 * the sale-start notices the shop pushes (ADR 0051) and opens the pack page when one is tapped. Plain
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

/** Only a path of this shop: whatever a payload says, a tap never leads to another site. */
function shopPath(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

// A sale-start notice (server: services/notices/sale-start-payload.ts): its text in the member's language and the
// pack page to open. One tag per pack, so a second push for the same pack replaces the first.
self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'KIRAKIRA ORIPA', {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      data: { url: shopPath(data.url) },
    }),
  );
});

// A tap opens the pack page: the shop's window already on it is brought forward, else a new one opens.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(shopPath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => w.url === url);
      return open ? open.focus() : self.clients.openWindow(url);
    }),
  );
});
