import { type ComponentType } from 'react';
import { moreStrings } from '../i18n';
import { lazyPartOf } from '../lib/lazy-part';

/**
 * A lazily loaded page that can also be fetched ahead of time (a likely next page, while the browser is idle), and
 * once loaded names its module in the server's build (`source`: vite.ssr.config.ts marks each page module with its
 * path), so the server links that page's code and styles with the page it drew.
 */
export type LazyPage = ComponentType & { preload: () => Promise<unknown>; source: () => string | undefined };

/** The export vite.ssr.config.ts adds to each page module of the server's build: its path under apps/web. */
export const SOURCE_EXPORT = '__pageSource';

/**
 * A page whose code is fetched when its route is first opened (its own chunk), so the top page does not carry
 * payment, reveal, account, fairness or legal code. The layout's Suspense shows a skeleton meanwhile; navigations
 * run in a transition, so the old page stays until the new one is ready.
 */
export function lazyPageOf<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyPage {
  let source: string | undefined;
  // The page's code and the strings of the namespaces kept out of the first bundle (i18n/index.ts) arrive together.
  const page = lazyPartOf(
    () =>
      Promise.all([load(), moreStrings()]).then(([module]) => {
        const named = (module as Record<string, unknown>)[SOURCE_EXPORT];
        if (typeof named === 'string') source = named;
        return module;
      }),
    pick,
  ) as LazyPage;
  page.source = () => source;
  return page;
}

/** The common case: the page is the module's export `name`. */
export const lazyPage = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) => lazyPageOf(load, (module) => module[name]);
