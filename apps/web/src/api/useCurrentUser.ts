import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@oripa/core';
import { apiGet, type ApiReply } from './client';

export type CurrentUserReply = ApiReply & Partial<CurrentUser>;
export const CURRENT_USER_KEY = ['currentUser'] as const;

/** The point call: who is logged in, balances and rank. Also refreshes the stored CSRF pair. */
export function useCurrentUser() {
  return useQuery({
    queryKey: CURRENT_USER_KEY,
    queryFn: () => apiGet<CurrentUserReply>('/user/point'),
    staleTime: 10_000,
  });
}

export const isLoggedIn = (u: CurrentUserReply | undefined) => u?.state === 200 && u.is_login === '1';

export function useRefreshCurrentUser() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: CURRENT_USER_KEY });
}
