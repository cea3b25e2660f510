import { useQuery } from '@tanstack/react-query';
import type {
  DropInfo,
  PackDetail,
  PackFairnessReply,
  PackHistoryDetail,
  PackHistoryRow,
  PackListReply,
  PageObject,
} from '@oripa/core';
import { apiGet, apiPost, isOk, type ApiReply, type Reply } from './client';

/**
 * Query hooks and calls of the pack area (spec section 7; wire shapes in @oripa/core contract/packs.ts). The buy and
 * its results are in api/pack-purchase.ts, which only lazy pages import (the top page's first load, ADR 0029).
 */
export type ListReply = Reply<PackListReply>;
/** `drop`: the pack is sold through a waiting room (issue 22); null otherwise. */
export type DetailReply = ApiReply & { detail?: PackDetail; drop?: DropInfo | null };
export type HistoryListReply = ApiReply & { list?: PackHistoryRow[]; page?: PageObject };
export type HistoryDetailReply = ApiReply & { detail?: PackHistoryDetail };

export const packKeys = {
  all: ['packs'] as const,
  list: () => ['packs', 'list'] as const,
  allList: (type: number, page: number) => ['packs', 'all_list', type, page] as const,
  detail: (id: number) => ['packs', 'detail', id] as const,
  gacheResult: () => ['packs', 'gache_result'] as const,
  buyResult: () => ['packs', 'buy_result'] as const,
  history: (mode: string, page: number) => ['packs', 'history', mode, page] as const,
  historyDetail: (id: number, kind = 'pack') => ['packs', 'history_detail', kind, id] as const,
  fairness: (id: number) => ['packs', 'fairness', id] as const,
};

/** A reply that did not arrive or did not succeed: the page shows its error state. */
export const failed = (r: ApiReply | undefined) => !isOk(r);

/** The packs of one card type for the top page. */
export function usePackList(cardType: number) {
  return useQuery({
    queryKey: packKeys.list(),
    queryFn: () => apiGet<ListReply>('/user/pack/list'),
    select: (r) => ({ ...r, list: (r.list ?? []).filter((p) => p.card_type === cardType) }),
    staleTime: 15_000,
  });
}

/** The card types with a pack on sale now (in stock, started): a 'coming soon' game with one is not coming soon. */
export function useTypesOnSale(): Set<number> {
  const { data } = useQuery({
    queryKey: packKeys.list(),
    queryFn: () => apiGet<ListReply>('/user/pack/list'),
    select: (r) => (r.list ?? []).filter((p) => p.pack_count > 0 && p.is_before !== '1').map((p) => p.card_type),
    staleTime: 15_000,
  });
  return new Set(data ?? []);
}

/** One page of a card type's packs; `query` is the sort and filter (lib/pack/pack-sort listQuery), '' for none. */
export function usePackAllList(type: number, page: number, query = '') {
  return useQuery({
    queryKey: [...packKeys.allList(type, page), query],
    queryFn: () => apiGet<ListReply>(`/user/pack/all_list/${type}/${page}${query}`),
    staleTime: 15_000,
  });
}

export const getPackDetail = (packId: number) => apiGet<DetailReply>(`/user/pack/detail/${packId}`);

/** Staff's preview of a draft by its signed link (pages/pack/PackPreviewView); a draft never changes under it. */
export function usePackPreview(token: string) {
  return useQuery({
    queryKey: ['pack-preview', token],
    queryFn: () => apiGet<DetailReply>(`/user/pack/preview/${encodeURIComponent(token)}`),
    staleTime: 60_000,
  });
}

/** The pack page refetches every few seconds so stock, remaining per rank and the draw log stay live. */
export function usePackDetail(packId: number | null, liveMs = 5000) {
  return useQuery({
    queryKey: packKeys.detail(packId ?? 0),
    queryFn: () => getPackDetail(packId!),
    enabled: packId !== null,
    refetchInterval: liveMs || false,
  });
}

export function useHistoryList(mode: string, page: number) {
  return useQuery({
    queryKey: packKeys.history(mode, page),
    queryFn: () => apiPost<HistoryListReply>(`/user/history/list/${page}`, { mode }),
  });
}

/** One history row's detail: a pack purchase, or (kind 'exchange') a card taken from the exchange. */
export function useHistoryDetail(id: number | null, kind: 'pack' | 'exchange' = 'pack') {
  return useQuery({
    queryKey: packKeys.historyDetail(id ?? 0, kind),
    queryFn: () => apiGet<HistoryDetailReply>(`/user/history/${kind === 'pack' ? 'detail' : 'exchange'}/${id}`),
    enabled: id !== null,
  });
}

/** Everything a verifier needs: lineup, commitment (and seed once revealed) and every draw with its card. */
export function usePackFairness(packId: number | null) {
  return useQuery({
    queryKey: packKeys.fairness(packId ?? 0),
    queryFn: () => apiGet<Reply<PackFairnessReply>>(`/user/pack/fairness/${packId}`),
    enabled: packId !== null,
  });
}
