import type { StaffNoticeList } from '@oripa/core/admin';
import { useQuery } from '@tanstack/react-query';
import { apiGet, apiPost, isOk, type Reply } from '../../api/client';

/** The console's inbox (apps/server/src/routes/admin/notices.ts, ADR 0046). */
export const fetchNotices = (filter: 'unread' | 'all') =>
  apiGet<Reply<StaffNoticeList>>(`/admin/notices?filter=${filter}`);

export const fetchUnreadNotices = () => apiGet<Reply<{ unread: number }>>('/admin/notices/unread');

/** These notices read, or every one up to `upTo` (the newest the list showed). */
export const markNoticesRead = (m: { ids: number[] } | { upTo: number }) =>
  apiPost<Reply<{ unread: number }>>('/admin/notices/read', 'ids' in m ? { ids: m.ids.join(',') } : { up_to: m.upTo });

export const UNREAD_KEY = ['admin', 'notices', 'unread'] as const;

/** The header's unread count, asked again every minute while the console is open. */
export function useUnreadNotices(): number {
  const q = useQuery({ queryKey: UNREAD_KEY, queryFn: fetchUnreadNotices, refetchInterval: 60_000 });
  return isOk(q.data) ? q.data.unread : 0;
}
