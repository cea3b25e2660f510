import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout, BareLayout } from '../components/layout/AppLayout';
import { RequireMember } from '../components/layout/RouteGuard';
import { useRouteMeta } from '../hooks/use-page-meta';
import { accountRoutes } from './account-routes';
import { legalRoutes } from './legal-routes';
import { PackDetailPage, packRoutes } from './pack-routes';
import { paymentRoutes } from './payment-routes';
import { programmeRoutes } from './programme-routes';
import type { RouteDef } from './route-def';
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
  return {
    path: def.path,
    element: (
      <>
        <RouteMeta titleKey={def.titleKey} />
        {page}
      </>
    ),
  };
}

/**
 * Fetches the page a visitor most likely opens next (a pack, from the top page) once the page has loaded and the
 * browser is idle, so the tap does not wait for its code; the server preloads it when a pack page is opened first.
 */
export function preloadLikelyPages() {
  const idle = (fn: () => void) =>
    'requestIdleCallback' in window ? window.requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 2000);
  const start = () => idle(() => void PackDetailPage.preload().catch(() => {}));
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

export function createRouter() {
  return createBrowserRouter([
    { element: <AppLayout />, children: allRoutes.filter((r) => r.layout !== 'bare').map(toRouteObject) },
    { element: <BareLayout />, children: allRoutes.filter((r) => r.layout === 'bare').map(toRouteObject) },
    // Any unknown path redirects to / (spec section 2).
    { path: '*', element: <Navigate to="/" replace /> },
  ]);
}
