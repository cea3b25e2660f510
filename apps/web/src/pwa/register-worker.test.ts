import { describe, expect, it, vi } from 'vitest';
import { registerWorkerAfterLoad } from './register-worker';

/** A window whose navigator has a service worker container, and a document in the given state. */
function fakes(readyState: DocumentReadyState) {
  const register = vi.fn(async () => ({}));
  const listeners: Record<string, () => void> = {};
  const win = {
    navigator: { serviceWorker: { register } },
    addEventListener: vi.fn((type: string, fn: () => void) => (listeners[type] = fn)),
  } as unknown as Window;
  return { register, listeners, win, doc: { readyState } as Document };
}

// The code starts after the first paint (ADR 0032), often after `load`: the worker must be registered either way.
describe('registerWorkerAfterLoad', () => {
  it('registers at once when the page has already loaded', () => {
    const f = fakes('complete');
    registerWorkerAfterLoad(f.doc, f.win);
    expect(f.register).toHaveBeenCalledWith('/sw.js');
    expect(f.win.addEventListener).not.toHaveBeenCalled();
  });

  it('waits for the load event while the page is still loading', () => {
    const f = fakes('interactive');
    registerWorkerAfterLoad(f.doc, f.win);
    expect(f.register).not.toHaveBeenCalled();
    f.listeners.load!();
    expect(f.register).toHaveBeenCalledWith('/sw.js');
  });

  it('does nothing in a browser without service workers', () => {
    const f = fakes('complete');
    const win = { navigator: {}, addEventListener: vi.fn() } as unknown as Window;
    registerWorkerAfterLoad(f.doc, win);
    expect(win.addEventListener).not.toHaveBeenCalled();
  });
});
