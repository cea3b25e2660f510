import { useQuery } from '@tanstack/react-query';
import type { UserDetail } from '@oripa/core';
import { apiGet, type ApiReply } from './client';

export type UserDetailReply = ApiReply & { detail?: UserDetail };
export const USER_DETAIL_KEY = ['userDetail'] as const;

/** `GET /api/user/detail`: the member's profile and shipping address. Invalidate USER_DETAIL_KEY after a change. */
export function useUserDetail(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: USER_DETAIL_KEY,
    queryFn: () => apiGet<UserDetailReply>('/user/detail'),
    staleTime: 30_000,
    enabled: options.enabled ?? true,
  });
}

/** True when the detail holds a usable shipping address. */
export const hasAddress = (d: UserDetail | undefined) => Boolean(d && d.zipcode && d.pref_id > 0 && d.shiku);
