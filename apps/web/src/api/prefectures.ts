import { useQuery } from '@tanstack/react-query';
import { OVERSEAS_PREF_ID, PREFECTURES, type PrefectureItem, type PrefectureListReply } from '@oripa/core';
import { currentLang } from '../i18n';
import { apiGet, type Reply } from './client';

/**
 * The prefectures in the user's language (overseas only in English). If the call fails the form still works from
 * core's copy of the same JIS list, so an address can always be entered. A module of its own, imported only by the
 * lazy address form: in api/account.ts it kept core's list (1 kB) in the top page's first load (ADR 0029's budget).
 */
export function usePrefectures(enabled: boolean): PrefectureItem[] {
  const lang = currentLang();
  const { data } = useQuery({
    queryKey: ['prefList', lang],
    queryFn: () => apiGet<Reply<PrefectureListReply>>('/user/pref_list'),
    staleTime: Infinity,
    enabled,
  });
  if (data?.state === 200 && Array.isArray(data.list) && data.list.length > 0) return data.list;
  return PREFECTURES.filter((p) => lang === 'en' || p.id !== OVERSEAS_PREF_ID).map((p) => ({
    id: p.id,
    name: p[lang],
  }));
}
