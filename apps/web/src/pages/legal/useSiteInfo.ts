import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@oripa/core';
import { apiGet, type ApiReply } from '../../api/client';

export const SITE_INFO_KEY = ['siteInfo'] as const;

/** The operator shown on the legal pages; it changes only with configuration, so it is fetched once. */
export function useSiteInfo() {
  return useQuery({
    queryKey: SITE_INFO_KEY,
    queryFn: async () => {
      const reply = await apiGet<ApiReply & Partial<SiteInfo>>('/user/site_info');
      if (reply.state !== 200 || !reply.operator || !reply.support_hours || !reply.shop_name) {
        throw new Error(`site_info answered state ${reply.state}`);
      }
      return { operator: reply.operator, support_hours: reply.support_hours, shop_name: reply.shop_name } as SiteInfo;
    },
    staleTime: Infinity,
    retry: 1,
  });
}
