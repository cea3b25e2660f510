import { afterLoad } from '../lib/after-load';

/**
 * Registers the installable shop's worker (public/sw.js: it never caches /api) once the page has loaded, so it takes
 * nothing from the first paint.
 */
export function registerWorkerAfterLoad(doc: Document = document, win: Window = window) {
  if (!('serviceWorker' in win.navigator)) return;
  afterLoad(() => void win.navigator.serviceWorker.register('/sw.js').catch(() => {}), doc, win);
}
