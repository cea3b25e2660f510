import { useQuery } from '@tanstack/react-query';
import type {
  BankInfoReply,
  ButtonSignatureReply,
  CheckoutSessionReply,
  CoinHistoryRow,
  CombiniSlipReply,
  CompleteCheckoutReply,
  CouponUseReply,
  HistoryReply,
  PayResultReply,
  PayStyleReply,
  PointAppendReply,
  PointBuyReply,
  PointBuyRequest,
  PointEndReply,
  PointHistoryRow,
  PointPriceDetailReply,
  PointPriceListReply,
  SavedCardListReply,
  SavedCardRequest,
  SpendingLimitsReply,
} from '@oripa/core';
import { apiGet, apiPost, pagePath, type ApiReply, type Reply } from './client';
import { getPackDetail } from './packs';
import { pushDataLayer } from '../lib/tracking/data-layer';

/** Calls and query hooks of the point-purchase area (spec section 7; shapes in @oripa/core contract/payments.ts). */
export type BuyReply = Reply<PointBuyReply>;
export type EndReply = Reply<PointEndReply>;

export const paymentKeys = {
  courses: (page: number) => ['payment', 'courses', page] as const,
  course: (id: number) => ['payment', 'course', id] as const,
  payStyles: () => ['payment', 'pay_style'] as const,
  savedCards: () => ['payment', 'savedcard'] as const,
  bank: (paymentId: string) => ['payment', 'bank', paymentId] as const,
  combini: (receipt: string) => ['payment', 'combini', receipt] as const,
  end: (paymentId: string) => ['payment', 'end', paymentId] as const,
  pointHistory: (page: number) => ['payment', 'point_history', page] as const,
  coinHistory: (page: number) => ['payment', 'coin_history', page] as const,
  spendingLimits: () => ['payment', 'spending_limits'] as const,
};

/** Throws on anything but state 200 so TanStack Query shows the page's error state (and retries once). */
async function ok<T extends ApiReply>(p: Promise<T>): Promise<T> {
  const r = await p;
  if (r.state !== 200) throw Object.assign(new Error(`state ${r.state}`), { reply: r });
  return r;
}

const q = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1])).toString();
  return s ? `?${s}` : '';
};

export const useCourses = (page: number) =>
  useQuery({
    queryKey: paymentKeys.courses(page),
    queryFn: () => ok(apiGet<Reply<PointPriceListReply>>(pagePath('/user/point_price', page))),
  });

export const useCourse = (id: number) =>
  useQuery({
    queryKey: paymentKeys.course(id),
    queryFn: () => apiGet<Reply<PointPriceDetailReply>>(`/user/point_price/detail/${id}`),
    enabled: id > 0,
  });

export const usePayStyles = () =>
  useQuery({
    queryKey: paymentKeys.payStyles(),
    queryFn: () => ok(apiGet<Reply<PayStyleReply>>('/user/pay_style')),
  });

export const useSavedCards = (enabled = true) =>
  useQuery({
    queryKey: paymentKeys.savedCards(),
    queryFn: () => ok(apiGet<Reply<SavedCardListReply>>('/user/point/savedcard')),
    enabled,
  });

export const saveCard = (req: SavedCardRequest) => apiPost('/user/point/savedcard', { ...req });
export const deleteCard = (cardIndex: number) => apiPost('/user/point/deletecard', { card_index: cardIndex });
export const buyPoints = (req: PointBuyRequest) => apiPost<BuyReply>('/user/point/buy', { ...req });
export const appendPayment = (token: string) => apiPost<Reply<PointAppendReply>>('/user/point/append', { token });
export type CouponReply = Reply<CouponUseReply>;
/** The reply's `error` is '' when the coupon was accepted, else the message to show under the input. */
export const redeemCoupon = (couponCode: string) => apiPost<CouponReply>('/user/coupon/use', { couponCode });

export const useBankInfo = (paymentId: string) =>
  useQuery({
    queryKey: paymentKeys.bank(paymentId),
    queryFn: () => apiGet<Reply<BankInfoReply>>(`/user/bank${q({ payment_id: paymentId })}`),
  });

export const useCombiniSlip = (receipt: string) =>
  useQuery({
    queryKey: paymentKeys.combini(receipt),
    queryFn: () => ok(apiGet<Reply<CombiniSlipReply>>(`/user/point/combini_number${q({ paymentID: receipt })}`)),
    enabled: receipt !== '',
  });

/** The outcome of the latest (or the given) payment; never cached, it changes when a payment settles. */
export const usePointEnd = (paymentId: string) =>
  useQuery({
    queryKey: paymentKeys.end(paymentId),
    queryFn: () => apiGet<EndReply>(`/user/point/end${q({ payment_id: paymentId })}`),
    gcTime: 0,
    staleTime: 0,
  });

/** Conversion tracking after a completed purchase (spec section 7): a failure is only logged. */
export async function trackPayResult(paymentId: string) {
  const r = await apiGet<Reply<PayResultReply>>(`/user/pay_result${q({ payment_id: paymentId })}`);
  if (r.state !== 200 || r.pay_point === undefined || r.pay_price === undefined) {
    console.warn('pay_result', r.state, r.errors);
    return null;
  }
  const event = {
    event: 'purchase',
    transaction_id: r.pay_unique_id,
    value: r.pay_price,
    currency: 'JPY',
    item_id: r.pay_point_price_id,
    item_name: r.pay_title,
    // The spec: the tracking discount is pay_point minus pay_price.
    discount: r.pay_point - r.pay_price,
  };
  pushDataLayer(event);
  return event;
}

export const usePointHistory = (page: number) =>
  useQuery({
    queryKey: paymentKeys.pointHistory(page),
    queryFn: () => ok(apiGet<Reply<HistoryReply<PointHistoryRow>>>(pagePath('/user/point/list', page))),
  });

export const useCoinHistory = (page: number) =>
  useQuery({
    queryKey: paymentKeys.coinHistory(page),
    queryFn: () => ok(apiGet<Reply<HistoryReply<CoinHistoryRow>>>(pagePath('/user/coin/list', page))),
  });

// Retailer wallet (pay_id 5) checkout session.
export const buttonSignature = (pointPriceId: number) =>
  apiGet<Reply<ButtonSignatureReply>>(`/user/button_signature${q({ point_price_id: String(pointPriceId) })}`);
export const setCheckoutSession = (sessionId: string) =>
  apiGet(`/user/set_checkout_session/${encodeURIComponent(sessionId)}`);
export const getCheckoutSession = () => apiGet<Reply<CheckoutSessionReply>>('/user/get_checkout_session');
export const completeCheckoutSession = (sessionId: string, paymentId?: string) =>
  apiGet<Reply<CompleteCheckoutReply>>(
    `/user/complete_checkout_session${q({ amazonCheckoutSessionId: sessionId, payment_id: paymentId })}`,
  );

/** The point price of one draw of a pack (the complete pages compare it with the member's points). */
export const usePackPoint = (packId: number) =>
  useQuery({
    queryKey: ['payment', 'pack_point', packId],
    queryFn: () => ok(getPackDetail(packId)),
    enabled: packId > 0,
  });

/** Responsible play (issue 19 §2): the member's limits, this month's total, the birth month asked at the first buy. */
export type SpendingLimitsResult = Reply<SpendingLimitsReply>;
export const useSpendingLimits = () =>
  useQuery({
    queryKey: paymentKeys.spendingLimits(),
    queryFn: () => ok(apiGet<SpendingLimitsResult>('/user/spending_limits')),
  });
export const setBirthMonth = (birth: { birth_year: number; birth_month: number; guardian_consent: boolean }) =>
  apiPost<SpendingLimitsResult>('/user/spending_limits/birth_month', { ...birth });
/** '' removes the member's own limit (after 7 days, like a raise). */
export const setMonthlyLimit = (monthlyLimit: number | '') =>
  apiPost<SpendingLimitsResult>('/user/spending_limits/monthly_limit', { monthly_limit: monthlyLimit });
export const startCoolOff = (period: string) =>
  apiPost<SpendingLimitsResult>('/user/spending_limits/cool_off', { period });
