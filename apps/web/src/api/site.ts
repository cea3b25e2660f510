import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXTERNAL_LINK_KEYS } from '@oripa/core';
import type { BannerReply, CardTypeItem, CardTypeReply, PostListReply, SiteInfo } from '@oripa/core';
import { useTranslation } from 'react-i18next';
import { apiGet, pagePath, type ApiReply, type Reply } from './client';

/** Public site content: the top carousel, the community posts, the card games and the operator (footer). */

export type BannerApiReply = Reply<BannerReply>;
export type PostListApiReply = Reply<PostListReply>;
type CardTypeApiReply = Reply<CardTypeReply>;
type SiteInfoApiReply = Reply<SiteInfo>;

const ok = (r: ApiReply | undefined) => r?.state === 200;

// Banners and posts come in the caller's language (an English version where the shop wrote one): keyed by it.
export function useBanners() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['site', 'banner', i18n.language],
    queryFn: () => apiGet<BannerApiReply>('/user/banner'),
    staleTime: 60_000,
  });
}

export function usePosts(page: number) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: ['site', 'posts', page, i18n.language],
    queryFn: () => apiGet<PostListApiReply>(pagePath('/user/post/list', page)),
    staleTime: 60_000,
    // The previous page stays on screen while the next one loads, so the pager does not jump.
    placeholderData: keepPreviousData,
  });
}

/**
 * The card games, named by the server in the current language. Until the call answers (or if it fails) the
 * catalogue's names for the two known games stand in, so tabs and footer never render empty.
 */
export function useCardTypes(): CardTypeItem[] {
  const { t, i18n } = useTranslation('layout');
  const { data } = useQuery({
    queryKey: ['site', 'cardTypes', i18n.language],
    queryFn: () => apiGet<CardTypeApiReply>('/user/card_type'),
    staleTime: 5 * 60_000,
  });
  if (ok(data) && data?.list && data.list.length > 0) return data.list;
  return [
    { id: 1, name: t('cardTypes.1'), coming_soon: '0' },
    { id: 2, name: t('cardTypes.2'), coming_soon: '1' },
  ];
}

/**
 * The operator, shop name, support hours and 古物商許可番号 (footer, legal pages). They change only with
 * configuration or an owner's setting, so they are fetched once per visit under one key; a reply without them is an error the legal pages can retry.
 */
export function useSiteInfo() {
  return useQuery({
    queryKey: ['site', 'info'],
    queryFn: async (): Promise<SiteInfo> => {
      const reply = await apiGet<SiteInfoApiReply>('/user/site_info');
      if (!ok(reply) || !reply.operator || !reply.support_hours || !reply.shop_name) {
        throw new Error(`site_info answered state ${reply.state}`);
      }
      return {
        operator: reply.operator,
        support_hours: reply.support_hours,
        shop_name: reply.shop_name,
        antique_dealer_licence: reply.antique_dealer_licence ?? '',
        links: Object.fromEntries(EXTERNAL_LINK_KEYS.map((k) => [k, reply.links?.[k] ?? ''])) as SiteInfo['links'],
      };
    },
    staleTime: Infinity,
    retry: 1,
  });
}

/**
 * The operator's maintenance message (ja/en), readable while the shop answers 9999: the console's API stays up
 * (apps/server/src/routes/admin/operations.ts, a public route).
 */
export function useMaintenanceNotice() {
  return useQuery({
    queryKey: ['site', 'maintenance-notice'],
    queryFn: () => apiGet<Reply<{ on: boolean; message_ja: string; message_en: string }>>('/admin/maintenance-notice'),
    staleTime: 30_000,
  });
}
