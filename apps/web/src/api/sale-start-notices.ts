import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { SaleStartNoticesReply } from '@oripa/core';
import { apiGet, apiPost, isOk, type Reply } from './client';

export const SALE_START_NOTICES_KEY = ['saleStartNotices'] as const;

/**
 * The member's pending sale-start notices and the shop's VAPID key (server: routes/notices/sale-start-notices.ts).
 * Only asked for when logged in; undefined until it comes.
 */
export function useSaleStartNotices(enabled: boolean): SaleStartNoticesReply | undefined {
  const { data } = useQuery({
    queryKey: SALE_START_NOTICES_KEY,
    queryFn: () => apiGet<Reply<SaleStartNoticesReply>>('/user/pack/notify'),
    enabled,
    staleTime: 30_000,
  });
  return isOk(data) ? { notices: data.notices, vapidPublicKey: data.vapidPublicKey } : undefined;
}

/** Asking for, or withdrawing, a pack's notice; the list is read again after either. */
export function useSaleStartNoticeActions() {
  const qc = useQueryClient();
  const after = async <T extends Reply<unknown>>(reply: T) => {
    await qc.invalidateQueries({ queryKey: SALE_START_NOTICES_KEY });
    return reply;
  };
  return {
    request: async (packId: number) => after(await apiPost('/user/pack/notify', { packId })),
    cancel: async (packId: number) => after(await apiPost('/user/pack/notify/cancel', { packId })),
  };
}
