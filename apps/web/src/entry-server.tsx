import './zod-jitless';
import { AsyncLocalStorage } from 'node:async_hooks';
import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { ReactNode } from 'react';
import type { Lang } from '@oripa/core';
import { setApiTransport, type ApiTransport } from './api/client';
import { HydratedMark } from './components/layout/HydratedMark';
import i18n, { loadLanguage } from './i18n';
import { setDrawnTime, shopNow } from './lib/time/shop-time';
import { routeHandlesOf, routeObjects, preloadPagesOf, UNKNOWN_PATH } from './routes';
import type { LazyPage } from './routes/lazy-page';
import type { SsrState } from './ssr-state';

/**
 * The storefront rendered on the server with the components the browser runs (issue 24 §1, ADR 0052): the server
 * (apps/server/src/routes/web/page-renderer.ts) imports this module from the SSR build (vite.ssr.config.ts) and
 * hands each page's address, language and an in-process way to its own /api; main.tsx hydrates the result.
 */

const routes = routeObjects();
const handler = createStaticHandler(routes);

/** The page's /api calls, each answered by the server in-process with the visitor's session (no HTTP hop). */
const requestApi = new AsyncLocalStorage<ApiTransport>();
setApiTransport((url, init) => {
  const api = requestApi.getStore();
  if (!api) return Promise.reject(new Error(`no page render is asking for ${url}`));
  return api(url, init);
});

/**
 * Renders one page at a time: i18next's language and the drawn instant are the module's, and a render that waits
 * for a lazy part (renderWhole) must not see another page's. Rendering is work on this one thread anyway; only the
 * waits for code already loaded once are lost.
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work, work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * The page's HTML once every part of it is ready (React's streaming render, waited for to the end: lazy parts and
 * Suspense boundaries are drawn in place, not as fallbacks). An error in a part is logged and that part left to
 * the browser, as React does.
 */
function renderWhole(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    const stream = renderToPipeableStream(app, {
      // Every boundary in place, however large: React otherwise moves big ones to the end with an inline script
      // to reveal them, which the shop's CSP (script-src 'self') does not run.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => console.error('[ssr]', error),
    });
    setTimeout(() => stream.abort(new Error('the page took too long to draw')), RENDER_TIMEOUT_MS).unref();
  });
}
/** A render waits this long for its lazy parts; then the browser draws what is missing. */
const RENDER_TIMEOUT_MS = 5000;

/** Both catalogues, whole, once: a render may be in either language. */
let stringsReady: Promise<void> | undefined;
const loadStrings = () => (stringsReady ??= Promise.all([loadLanguage('ja'), loadLanguage('en')]).then(() => {}));

/** Renders after the data it asked for has arrived; a page whose reads ask for more reads renders again. */
const MAX_DATA_ROUNDS = 4;

export type RenderResult =
  | { kind: 'redirect'; location: string }
  | {
      kind: 'page';
      html: string;
      state: SsrState;
      guard: 'public' | 'member';
      /** The lazy pages drawn (their paths under apps/web): the server links their code and styles. */
      sources: string[];
    };

/** The route's guard: member pages are answered for guests by a redirect to the login page before any render. */
export function guardOf(pathname: string): 'public' | 'member' | null {
  const handles = routeHandlesOf(routes, pathname);
  return handles.length > 0 ? handles[handles.length - 1]!.guard : null;
}

/** Whether a query the page made would fetch (useQuery's `enabled`, a value or a function of the query). */
function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((q: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

/** A reply api/client.ts made up for a read that got no answer (the render's transport refused or failed it). */
const isUnanswered = (data: unknown) =>
  Boolean(data && typeof data === 'object' && (data as { networkError?: boolean }).networkError);

/** A reply as the browser keeps it: without the session's CSRF pair, which the page asks for when it first posts. */
function withoutCsrf(data: unknown): unknown {
  if (!data || typeof data !== 'object' || !('csrf' in data)) return data;
  const { csrf: _csrf, ...rest } = data as Record<string, unknown>;
  return rest;
}

/**
 * The page at `url` in `lang`: its HTML for #root and the query data main.tsx hydrates with. Every read the page
 * makes while rendering is fetched through `api`, and the page drawn again with the replies, until it asks for
 * nothing new. The language is switched just before each synchronous render, so concurrent renders in other
 * languages cannot interleave with it.
 */
export async function render({
  url,
  lang,
  api,
}: {
  url: string;
  lang: Lang;
  api: ApiTransport;
}): Promise<RenderResult> {
  await loadStrings();
  const request = new Request(url, { method: 'GET' });
  const { pathname } = new URL(url);
  const context = await handler.query(request);
  if (context instanceof Response) return { kind: 'redirect', location: context.headers.get('location') ?? '/' };
  if (context.matches.some((m) => m.route.path === UNKNOWN_PATH)) return { kind: 'redirect', location: '/' };
  await preloadPagesOf(routes, pathname);

  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const router = createStaticRouter(handler.dataRoutes, context);
  let drawnAt = 0;
  const draw = () =>
    oneAtATime(() => {
      // The language and the page's instant belong to the module: set for this render alone (oneAtATime).
      void i18n.changeLanguage(lang);
      drawnAt = shopNow();
      setDrawnTime(drawnAt);
      return renderWhole(
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <HydratedMark>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </HydratedMark>
          </QueryClientProvider>
        </StrictMode>,
      );
    });
  /** Reads the server could not answer: drawn waiting, as the browser first draws them before it asks itself. */
  const unanswered = new Set<string>();
  let html = '';
  await requestApi.run(api, async () => {
    html = await draw();
    for (let round = 0; round < MAX_DATA_ROUNDS; round++) {
      const asked = queryClient
        .getQueryCache()
        .getAll()
        .filter(
          (q) =>
            q.state.status === 'pending' &&
            q.state.fetchStatus === 'idle' &&
            isEnabled(q) &&
            !unanswered.has(q.queryHash),
        );
      if (asked.length === 0) return;
      await Promise.all(
        asked.map(async (q) => {
          await q.fetch().catch(() => undefined);
          // A read sent as a POST (the spec's history lists) is refused here, and client.ts turns any failure into a
          // "communication error" reply: kept, the page would show that error until the browser's data is stale.
          if (q.state.status !== 'success' || isUnanswered(q.state.data)) {
            unanswered.add(q.queryHash);
            queryClient.getQueryCache().remove(q);
          }
        }),
      );
      html = await draw();
    }
  });
  const state: SsrState = {
    lang,
    queries: queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.status === 'success')
      .map((q) => ({ key: q.queryKey, data: withoutCsrf(q.state.data), at: q.state.dataUpdatedAt })),
    drawnAt,
  };
  const sources = routeHandlesOf(routes, pathname).flatMap((h) => {
    const source = 'source' in h.page ? (h.page as LazyPage).source() : undefined;
    return source ? [source] : [];
  });
  return { kind: 'page', html, state, guard: guardOf(pathname) ?? 'public', sources };
}
