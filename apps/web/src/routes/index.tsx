import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout, BareLayout } from '../components/layout/AppLayout';
import { RequireMember } from '../components/layout/RouteGuard';
import { useRouteMeta } from '../hooks/use-page-meta';
import { accountRoutes } from './account-routes';
import { legalRoutes } from './legal-routes';
import { packRoutes } from './pack-routes';
import { paymentRoutes } from './payment-routes';
import { programmeRoutes } from './programme-routes';
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
  const handle: RouteHandle = { footer: def.footer };
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

export function createRouter() {
  return createBrowserRouter([
    { element: <AppLayout />, children: allRoutes.filter((r) => r.layout !== 'bare').map(toRouteObject) },
    { element: <BareLayout />, children: allRoutes.filter((r) => r.layout === 'bare').map(toRouteObject) },
    // Any unknown path redirects to / (spec section 2).
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
