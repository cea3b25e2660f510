import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { isLoggedIn, useCurrentUser } from '../../api/account';
import { PageSkeleton } from '../ui/Skeleton';

/**
 * Login-required routes (spec section 4): fetch the current user; proceed only when is_login is '1', otherwise
 * (or on a fetch error) go to /login, carrying packId and the page asked for.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const { data, isPending, refetch } = useCurrentUser();
  const [params] = useSearchParams();
  const location = useLocation();
  useEffect(() => {
    void refetch();
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
