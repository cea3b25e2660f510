import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { AppLayout, BareLayout } from '../components/layout/AppLayout';
import { RequireMember } from '../components/layout/RouteGuard';
import { useRouteMeta } from '../hooks/use-page-meta';
import { accountRoutes } from './account-routes';
import { legalRoutes } from './legal-routes';
import { packRoutes } from './pack-routes';
import { paymentRoutes } from './payment-routes';
import { programmeRoutes } from './programme-routes';
import type { LazyPage } from './lazy-page';
import type { RouteDef, RouteHandle } from './route-def';
import { siteRoutes } from './site-routes';

export const allRoutes: RouteDef[] = [
  ...siteRoutes,
  ...legalRoutes,
  ...accountRoutes,
  ...packRoutes,
  ...paymentRoutes,
  ...programmeRoutes,
];

/**
 * The route's own title and description. Rendered before the page, so its effect runs first and a page with more
 * specific texts (a pack's name) sets them after it.
 */
function RouteMeta({ titleKey }: { titleKey: string }) {
  useRouteMeta(titleKey);
  return null;
}

function toRouteObject(def: RouteDef): RouteObject {
  const Page = def.page;
  const page =
    def.guard === 'member' ? (
      <RequireMember>
        <Page />
      </RequireMember>
    ) : (
      <Page />
    );
  // The server renders (apps/web/src/entry-server.tsx) and the browser hydrates only once the page's code is here
  // (preloadPagesOf): both then draw the page itself, never the layout's Suspense skeleton.
  const handle: RouteHandle = { footer: def.footer, page: def.page, guard: def.guard };
  return {
    path: def.path,
    handle,
    element: (
      <>
        <RouteMeta titleKey={def.titleKey} />
        {page}
      </>
    ),
  };
}

/** The path every unknown address is sent to (spec section 2); the server answers it with a redirect. */
export const UNKNOWN_PATH = '*';

/** The storefront's route table, the same in the browser (createRouter) and on the server (entry-server.tsx). */
export function routeObjects(): RouteObject[] {
  return [
    { element: <AppLayout />, children: allRoutes.filter((r) => r.layout !== 'bare').map(toRouteObject) },
    { element: <BareLayout />, children: allRoutes.filter((r) => r.layout === 'bare').map(toRouteObject) },
    // Any unknown path redirects to / (spec section 2).
    { path: UNKNOWN_PATH, element: <Navigate to="/" replace /> },
  ];
}

/** The handles of the routes `pathname` matches (none for an unknown path). */
export function routeHandlesOf(routes: RouteObject[], pathname: string): RouteHandle[] {
  return (matchRoutes(routes, pathname) ?? []).flatMap((m) => {
    const handle = m.route.handle as RouteHandle | undefined;
    return handle ? [handle] : [];
  });
}

/** Fetches the code of the lazy pages `pathname` shows, so a render draws them at once instead of suspending. */
export async function preloadPagesOf(routes: RouteObject[], pathname: string): Promise<void> {
  await Promise.all(
    routeHandlesOf(routes, pathname).map((h) => ('preload' in h.page ? (h.page as LazyPage).preload() : undefined)),
  );
}

export function createRouter(routes = routeObjects()) {
  return createBrowserRouter(routes);
}
