import { useQuery } from '@tanstack/react-query';
import type { HitShareReply } from '@oripa/core';
import { apiGet, isOk, type Reply } from './client';

/**
 * The share link and image of one of the member's own drawn cards (server: services/packs/hit-share.ts). A draw
 * never changes, so the answer is kept for the visit; null until it comes, or when it cannot be had.
 */
export function useHitShare(historyId: number | undefined): HitShareReply | null {
  const { data } = useQuery({
    queryKey: ['packs', 'hit_share', historyId],
    queryFn: () => apiGet<Reply<HitShareReply>>(`/user/pack/share/${historyId}`),
    enabled: historyId !== undefined,
    staleTime: Infinity,
  });
  return isOk(data) ? { key: data.key, url: data.url, image: data.image } : null;
}
