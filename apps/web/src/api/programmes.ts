import { useQuery } from '@tanstack/react-query';
import type { HistoryShipment, PointPriceListReply } from '@oripa/core';
import { apiGet, apiPost, pagePath, type Reply } from './client';

/**
 * Calls of the membership programmes (spec section 7; issue 11): SMS verification, coins and ranks, withdrawal.
 */

/** `/user/send_sms {tel}`: the phone as typed (the server normalises it); refusals in errors.tel / errors.user_id. */
export const sendSms = (tel: string) => apiPost('/user/send_sms', { tel });

export type CheckSmsReply = Reply<{ end_sms: '1'; bonus_point: number }>;

/** `/user/check_sms {sms_code}`: a good code verifies the member; refusals in errors.sms_code. */
export const checkSms = (smsCode: string) => apiPost<CheckSmsReply>('/user/check_sms', { sms_code: smsCode });

/** Coin courses (our path `/user/coin_price[/{page}]`), bought through the point-purchase confirm page. */
export const useCoinCourses = (page: number) =>
  useQuery({
    queryKey: ['programmes', 'coin_courses', page] as const,
    queryFn: () => apiGet<Reply<PointPriceListReply>>(pagePath('/user/coin_price', page)),
  });

export type BuyRankReply = Reply<{
  rank: number;
  next_month_rank: number;
  rank_name: string;
  coin_used: number;
  coin_before: number;
  coin_after: number;
}>;

/** `/user/buy_rank`: keeps this month's rank with coins (the shortfall, 1 coin per yen). */
export const buyRank = () => apiPost<BuyRankReply>('/user/buy_rank');

export type WithdrawPreviewReply = Reply<{ point: number; coin: number; pending_cards: number; open_payments: number }>;

/** What a withdrawal would forfeit (our path `/user/withdraw`). */
export const useWithdrawPreview = () =>
  useQuery({
    queryKey: ['programmes', 'withdraw'] as const,
    queryFn: () => apiGet<WithdrawPreviewReply>('/user/withdraw'),
    staleTime: 0,
  });

/** Closes the account (password again); the session ends with it. */
export const withdraw = (pass: string) => apiPost('/user/withdraw', { pass });

export interface RankReward {
  id: number;
  status: 'choosing' | 'shipping' | 'converted';
  point: number;
  card_id: string | null;
  /** The parcel of a shipped reward card with its timeline (ADR 0027); null until shipped. */
  shipment?: HistoryShipment | null;
}
export interface RewardCard {
  id: number;
  name: string;
  image: string;
  model_number: string;
  rarity: number;
}

/** Rank 7's card rewards and, while one waits, the cards to pick from (our path `/user/rank_reward`). */
export const useRankRewards = () =>
  useQuery({
    queryKey: ['programmes', 'rank_reward'] as const,
    queryFn: () => apiGet<Reply<{ rewards: RankReward[]; cards: RewardCard[] }>>('/user/rank_reward'),
  });

export const chooseRankCard = (rewardId: number, cardId: number, action: 'ship' | 'convert') =>
  apiPost<Reply<{ status: string; point: number }>>('/user/rank_reward', {
    reward_id: rewardId,
    card_id: cardId,
    action,
  });
