import { createElement, lazy, useState, type ComponentType } from 'react';

/** A component that is a chunk of its own (lazyPartOf); `preload` fetches its code ahead of its first render. */
export type LazyPart = ComponentType & { preload: () => Promise<unknown> };

/**
 * A component whose code is a chunk of its own, fetched on its first render or ahead of it (`preload`). Code already
 * here is drawn at once, without suspending: the server's render and the browser's hydration both preload what the
 * page shows first (routes/index.tsx preloadPagesOf), so they draw the same thing and nothing falls back. Chosen
 * once per mount: switching from the lazy wrapper to the component later would remount it. A failed fetch may be
 * tried again.
 */
export function lazyPartOf<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPart {
  let loading: Promise<M> | undefined;
  let loaded: ComponentType | undefined;
  const preload = () =>
    (loading ??= load()
      .then((module) => {
        loaded = pick(module);
        return module;
      })
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
  const Lazy = lazy(() => preload().then((module) => ({ default: pick(module) })));
  function Part(props: object) {
    const [ready] = useState(() => loaded);
    return createElement(ready ?? Lazy, props);
  }
  const part = Part as unknown as LazyPart;
  part.preload = preload;
  return part;
}
