import { lazy, type ComponentType } from 'react';
import { moreStrings } from '../i18n';

/** A lazily loaded page that can also be fetched ahead of time (a likely next page, while the browser is idle). */
export type LazyPage = ComponentType & { preload: () => Promise<unknown> };

/**
 * A page whose code is fetched when its route is first opened (its own chunk), so the top page does not carry
 * payment, reveal, account, fairness or legal code. The layout's Suspense shows a skeleton meanwhile; navigations
 * run in a transition, so the old page stays until the new one is ready. A failed fetch may be tried again.
 */
export function lazyPageOf<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let loading: Promise<M> | undefined;
  // The page's code and the strings of the namespaces kept out of the first bundle (i18n/index.ts) arrive together.
  const preload = () =>
    (loading ??= Promise.all([load(), moreStrings()])
      .then(([module]) => module)
      .catch((error: unknown) => {
        loading = undefined;
        throw error;
      }));
  const page = lazy(() => preload().then((module) => ({ default: pick(module) }))) as unknown as LazyPage;
  page.preload = preload;
  return page;
}

/** The common case: the page is the module's export `name`. */
export const lazyPage = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazyPageOf(load, (module) => module[name]);
