/**
 * Registers the installable shop's worker (public/sw.js: it never caches /api) once the page has loaded, so it takes
 * nothing from the first paint. The code itself starts after that paint (ADR 0032), often after the load event has
 * already fired: waiting for a `load` that has passed left the worker never registered, so the shop was not
 * installable and no sale-start push could arrive (found by e2e/drop-launch.spec.ts). So: now if loaded, else at load.
 */
export function registerWorkerAfterLoad(doc: Document = document, win: Window = window) {
  if (!('serviceWorker' in win.navigator)) return;
  const register = () => void win.navigator.serviceWorker.register('/sw.js').catch(() => {});
  if (doc.readyState === 'complete') register();
  else win.addEventListener('load', register, { once: true });
}
