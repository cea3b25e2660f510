import { useQueryClient } from '@tanstack/react-query';
import { CURRENT_USER_KEY, USER_DETAIL_KEY } from '../../api/account';

/**
 * After login, registration or logout the session changed: refetch the current user (also inactive copies) and
 * wait for it, so the route guard of the next page already sees the new state instead of the stale one.
 */
export function useSessionRefresh() {
  const qc = useQueryClient();
  return async () => {
    qc.removeQueries({ queryKey: USER_DETAIL_KEY });
    await qc.invalidateQueries({ queryKey: CURRENT_USER_KEY, refetchType: 'all' });
  };
}
