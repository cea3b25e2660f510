import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { isLoggedIn, useCurrentUser } from '../../api/account';
import { SSR_STATE_ID } from '../../ssr-state';
import { PageSkeleton } from '../ui/Skeleton';

/** The page the server drew this document as (its session checked then), until the first guard has run. */
let serverCheckedPath: string | null =
  typeof document !== 'undefined' && document.getElementById(SSR_STATE_ID) ? location.pathname : null;

/**
 * Login-required routes (spec section 4): fetch the current user; proceed only when is_login is '1', otherwise
 * (or on a fetch error) go to /login, carrying packId and the page asked for.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { data, isPending, isStale, refetch } = useCurrentUser();
  const [params] = useSearchParams();
  const location = useLocation();
  useEffect(() => {
    // A page the server drew checked the session itself a moment ago (web-pages.ts's member guard, with the reply
    // the page hydrates with): asking again as it hydrates got the same answer and re-rendered the header and page
    // at once, a long task (issue 24). Every later visit to a member page asks, as the spec says.
    const checkedByServer = serverCheckedPath === location.pathname && !isStale;
    serverCheckedPath = null;
    if (!checkedByServer) void refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- isStale counts on the first run only
  }, [location.pathname, refetch]);
  if (isPending) return <PageSkeleton />;
  if (!isLoggedIn(data)) {
    const packId = params.get('packId');
    // The page asked for rides along, so login can return to it (issue 13).
    return (
      <Navigate
        to={packId ? `/login?packId=${encodeURIComponent(packId)}` : '/login'}
        state={{ from: `${location.pathname}${location.search}` }}
        replace
      />
    );
  }
  return <>{children}</>;
}
