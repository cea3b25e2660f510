/**
 * Runs `run` once the page has loaded: now if it has, else at `load`. The code often starts after the load event
 * has fired (ADR 0032), and waiting for a `load` that has passed never runs (the worker was never registered that
 * way; e2e/drop-launch.spec.ts found it).
 */
export function afterLoad(run: () => void, doc: Document = document, win: Window = window) {
  if (doc.readyState === 'complete') run();
  else win.addEventListener('load', run, { once: true });
}
