import { OVERSEAS_PREF_ID, PREFECTURES, type PrefectureItem } from '@oripa/core';
import { useQuery } from '@tanstack/react-query';
import { apiGet, type ApiReply } from '../../api/client';
import { currentLang } from '../../i18n';

type PrefListReply = ApiReply & { list?: PrefectureItem[] };

/**
 * `GET /api/user/pref_list` (names in the user's language, overseas only in English). If the call fails the
 * form still works from core's copy of the same JIS list, so an address can always be entered.
 */
export function usePrefectures(enabled: boolean): PrefectureItem[] {
  const lang = currentLang();
  const { data } = useQuery({
    queryKey: ['prefList', lang],
    queryFn: () => apiGet<PrefListReply>('/user/pref_list'),
    staleTime: Infinity,
    enabled,
  });
  if (data?.state === 200 && Array.isArray(data.list) && data.list.length > 0) return data.list;
  return PREFECTURES.filter((p) => lang === 'en' || p.id !== OVERSEAS_PREF_ID).map((p) => ({
    id: p.id,
    name: p[lang],
  }));
}
