import { useQuery } from '@tanstack/react-query';
import type { DecisionReply, PackCheckReply, PurchaseResult } from '@oripa/core';
import { apiGet, apiPost, type Reply } from './client';
import { packKeys } from './packs';
import { repeatWhileLost } from './retry-lost';
import { pushDataLayer } from '../lib/tracking/data-layer';

/**
 * The pack buy and what follows it (spec section 7): check, buy, the reveal's results, tracking and the decision on
 * the drawn cards. Apart from api/packs.ts because only lazy pages use these: there they kept the buy's retry and
 * the tracking in the top page's first load (ADR 0029's byte budget).
 */
export type CheckReply = Reply<PackCheckReply>;
export type PurchaseReply = Reply<PurchaseResult>;
export type DecisionResult = Reply<DecisionReply>;

export const checkPack = (packId: number, count: number | 'all') =>
  apiPost<CheckReply>('/user/pack/check', { pack_id: packId, count });

/** A buy that commits can still lose its reply; past this the outcome is unknown and the buy is repeated. */
const BUY_TIMEOUT_MS = 30_000;

/**
 * POST /user/pack/buy {token}. A replayed token answers the first purchase, so a reply lost on the way (network
 * error, timeout, 5xx) is recovered by sending the same token again before the member sees any error: showing an
 * error for a purchase that went through invites buying twice.
 */
export const buyPack = (token: string) =>
  repeatWhileLost(() => apiPost<PurchaseReply>('/user/pack/buy', { token }, { timeoutMs: BUY_TIMEOUT_MS }));

/** `?purchase_id=` names one purchase (from the buy or the history); without it the server takes the latest open one. */
const purchaseQuery = (purchaseId: number | null) => (purchaseId === null ? '' : `?purchase_id=${purchaseId}`);

export function useGacheResult(purchaseId: number | null = null) {
  return useQuery({
    queryKey: [...packKeys.gacheResult(), purchaseId],
    queryFn: () => apiGet<PurchaseReply>(`/user/pack/gache_result${purchaseQuery(purchaseId)}`),
    staleTime: Infinity,
    gcTime: 0,
  });
}

export function useBuyResult(purchaseId: number | null = null) {
  return useQuery({
    queryKey: [...packKeys.buyResult(), purchaseId],
    queryFn: () => apiGet<PurchaseReply>(`/user/pack/buy_result${purchaseQuery(purchaseId)}`),
    gcTime: 0,
  });
}

/** Conversion tracking after the reveal, pushed to the dataLayer; a failure is only logged (spec section 7). */
export async function reportGachaResult() {
  const r = await apiGet('/user/pack/gtm_gacha_result');
  if (r.state !== 200) {
    console.warn('gtm_gacha_result failed', r.state);
    return;
  }
  pushDataLayer({ event: 'gacha', gacha_price: r.gacha_price, gacha_num: r.gacha_num, item_id: r.item_id });
}

export const postDecision = (sendCard: number[], reductionCard: number[]) =>
  apiPost<DecisionResult>('/user/pack/decision', { send_card: sendCard, reduction_card: reductionCard });
