import './zod-jitless';
import { QueryClient, QueryClientProvider, type Query } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { RouterProvider } from 'react-router';
import { HydratedMark } from './components/layout/HydratedMark';
import { i18nReady } from './i18n';
import { installInteractionGuards } from './interaction-guards';
import { nextTask } from './lib/next-task';
import { noteShopTime, setDrawnTime } from './lib/time/shop-time';
import { registerWorkerAfterLoad } from './pwa/register-worker';
import { createRouter, preloadPagesOf, routeObjects } from './routes';
import { prefetchNextPage } from './routes/prefetch-next-page';
import { readSsrState } from './ssr-state';
import './styles/global.css';

installInteractionGuards();
// The installable shop's worker; production builds only, so development always runs the newest code.
if (import.meta.env.PROD) registerWorkerAfterLoad();
prefetchNextPage();

const ssr = readSsrState();
/** When the server's replies were taken: until a query fetches again, its data is the page's own and fresh. */
const drawnAt = new Map<string, number>();
/** How long the replies the page was drawn with count as fresh: the page's first mount does not ask again. */
const SERVER_DATA_FRESH_MS = 30_000;
const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      retry: 1,
      refetchOnWindowFocus: false,
      // Every other reply is stale at once, as before server rendering; invalidation still refetches these.
      staleTime: (query: Query) =>
        drawnAt.get(query.queryHash) === query.state.dataUpdatedAt ? SERVER_DATA_FRESH_MS : 0,
    },
  },
});
if (ssr) {
  // The shop's time at about when this page was asked for: its clock until the first reply brings the exact one.
  noteShopTime(String(ssr.drawnAt), performance.timeOrigin);
  setDrawnTime(ssr.drawnAt);
  for (const { key, data, at } of ssr.queries) {
    queryClient.setQueryData(key, data, { updatedAt: at });
    const hash = queryClient.getQueryCache().find({ queryKey: key, exact: true })?.queryHash;
    if (hash) drawnAt.set(hash, at);
  }
}
await nextTask();
const routes = routeObjects();
const router = createRouter(routes);
await nextTask();
// React DOM's renderer is a chunk of its own, preloaded by index.html (build/preload-start-chunks.ts) and evaluated
// here, in a task of its own: in the app's chunk its evaluation made the start's longest task after the paint
// (ADR 0064).
const renderer = import('react-dom/client');
// The language's strings (one small chunk, preloaded by the page) and the page's own code arrive before the first
// render, so the browser draws exactly what the server drew (apps/web/src/entry-server.tsx) and hydrates it; a
// failed fetch still renders, and i18next then shows the keys.
await Promise.all([i18nReady, preloadPagesOf(routes, location.pathname)]).catch(() => {});
const { createRoot, hydrateRoot } = await renderer;

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <HydratedMark>
        <RouterProvider router={router} />
      </HydratedMark>
    </QueryClientProvider>
  </StrictMode>
);
// As a transition the first render (and hydration) yields to the browser every few milliseconds instead of holding
// the main thread for the whole tree at once (issue 13: a phone's Total Blocking Time).
startTransition(() => {
  if (ssr) hydrateRoot(container, app);
  else createRoot(container).render(app);
});
