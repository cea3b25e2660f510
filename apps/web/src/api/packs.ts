import { useQuery } from '@tanstack/react-query';
import type {
  DecisionReply,
  PackCheckReply,
  PackDetail,
  PackFairnessReply,
  PackHistoryDetail,
  PackHistoryRow,
  PackSummary,
  PageObject,
  PurchaseResult,
} from '@oripa/core';
import { apiGet, apiPost, type ApiReply } from './client';

/** Query hooks and calls of the pack area (spec section 7; wire shapes in @oripa/core contract/packs.ts). */
export type ListReply = ApiReply & { list?: PackSummary[]; page?: PageObject };
export type DetailReply = ApiReply & { detail?: PackDetail };
export type CheckReply = ApiReply & Partial<PackCheckReply>;
export type PurchaseReply = ApiReply & Partial<PurchaseResult>;
export type DecisionResult = ApiReply & Partial<DecisionReply>;
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
  historyDetail: (id: number) => ['packs', 'history_detail', id] as const,
  fairness: (id: number) => ['packs', 'fairness', id] as const,
};

/** A reply that did not arrive or did not succeed: the page shows its error state. */
export const failed = (r: ApiReply | undefined) => !r || r.state !== 200;

/** The packs of one card type for the top page. */
export function usePackList(cardType: number) {
  return useQuery({
    queryKey: packKeys.list(),
    queryFn: () => apiGet<ListReply>('/user/pack/list'),
    select: (r) => ({ ...r, list: (r.list ?? []).filter((p) => p.card_type === cardType) }),
    staleTime: 15_000,
  });
}

export function usePackAllList(type: number, page: number) {
  return useQuery({
    queryKey: packKeys.allList(type, page),
    queryFn: () => apiGet<ListReply>(`/user/pack/all_list/${type}/${page}`),
    staleTime: 15_000,
  });
}

/** The pack page refetches every few seconds so stock, remaining per rank and the draw log stay live. */
export function usePackDetail(packId: number | null, liveMs = 5000) {
  return useQuery({
    queryKey: packKeys.detail(packId ?? 0),
    queryFn: () => apiGet<DetailReply>(`/user/pack/detail/${packId}`),
    enabled: packId !== null,
    refetchInterval: liveMs || false,
  });
}

export const checkPack = (packId: number, count: number | 'all') =>
  apiPost<CheckReply>('/user/pack/check', { pack_id: packId, count });

export const buyPack = (token: string) => apiPost<PurchaseReply>('/user/pack/buy', { token });

export function useGacheResult() {
  return useQuery({
    queryKey: packKeys.gacheResult(),
    queryFn: () => apiGet<PurchaseReply>('/user/pack/gache_result'),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useBuyResult() {
  return useQuery({
    queryKey: packKeys.buyResult(),
    queryFn: () => apiGet<PurchaseReply>('/user/pack/buy_result'),
    gcTime: 0,
  });
}

/** Conversion tracking after the reveal; a failure is only logged (spec section 7). */
export async function reportGachaResult() {
  const r = await apiGet('/user/pack/gtm_gacha_result');
  if (r.state !== 200) console.warn('gtm_gacha_result failed', r.state);
}

export const postDecision = (sendCard: number[], reductionCard: number[]) =>
  apiPost<DecisionResult>('/user/pack/decision', { send_card: sendCard, reduction_card: reductionCard });

export function useHistoryList(mode: string, page: number) {
  return useQuery({
    queryKey: packKeys.history(mode, page),
    queryFn: () => apiPost<HistoryListReply>(`/user/history/list/${page}`, { mode }),
  });
}

export function useHistoryDetail(id: number | null) {
  return useQuery({
    queryKey: packKeys.historyDetail(id ?? 0),
    queryFn: () => apiGet<HistoryDetailReply>(`/user/history/detail/${id}`),
    enabled: id !== null,
  });
}

/** Everything a verifier needs: lineup, commitment (and seed once revealed) and every draw with its card. */
export function usePackFairness(packId: number | null) {
  return useQuery({
    queryKey: packKeys.fairness(packId ?? 0),
    queryFn: () => apiGet<ApiReply & Partial<PackFairnessReply>>(`/user/pack/fairness/${packId}`),
    enabled: packId !== null,
  });
}

/** A positive integer id from the query string, or null. */
export function parseId(raw: string | null): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const n = Number(raw);
  return n > 0 ? n : null;
}
