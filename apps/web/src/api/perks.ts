import { useQuery } from '@tanstack/react-query';
import type {
  DailyDrawResult,
  DailyDrawStatus,
  ExchangeCheckReply,
  ExchangeListReply,
  ExchangeReply,
  PartnerSiteItem,
  SnsCampaignStatus,
} from '@oripa/core';
import { apiGet, apiPost, pagePath, type Reply } from './client';

/** Calls of the exchange corner, partner transfer, daily draw and follow campaign (the perks; issue 11). */
export const perkKeys = {
  exchange: (page: number) => ['programmes', 'exchange', page] as const,
  partners: () => ['programmes', 'partners'] as const,
  dailyDraw: () => ['programmes', 'daily_draw'] as const,
  sns: () => ['programmes', 'sns_campaign'] as const,
};

export const useExchangeCards = (page: number) =>
  useQuery({
    queryKey: perkKeys.exchange(page),
    queryFn: () => apiGet<Reply<ExchangeListReply>>(pagePath('/user/exchange_card/list', page)),
  });

export const checkExchange = (cardId: number) =>
  apiPost<Reply<ExchangeCheckReply>>('/user/exchange_card/check', { exchange_card_id: cardId });

export const exchangeCard = (cardId: number, requestKey: string) =>
  apiPost<Reply<ExchangeReply>>('/user/exchange_card/exchange', { exchange_card_id: cardId, request_key: requestKey });

export const decideExchange = (orderId: number, action: 'ship' | 'convert') =>
  apiPost<Reply<{ result: '1' | '0' | '-1'; returned_point: number }>>('/user/exchange_card/decision', {
    exchange_id: orderId,
    action,
  });

export const usePartnerSites = () =>
  useQuery({
    queryKey: perkKeys.partners(),
    queryFn: () => apiGet<Reply<{ list: PartnerSiteItem[] }>>('/user/transfer/point'),
  });

export const partnerLogin = (p: { loginid: string; password: string; site_id: number }) =>
  apiPost<Reply<{ result: boolean }>>('/user/transfer/login', p);

export const transferPoint = (p: { point: string; site_id: number; request_key: string }) =>
  apiPost<Reply<{ error: string; status: 'done' | 'pending' }>>('/user/transfer/point', p);

export const useDailyDraw = () =>
  useQuery({
    queryKey: perkKeys.dailyDraw(),
    queryFn: () => apiGet<Reply<DailyDrawStatus>>('/user/daily_draw'),
  });

export const linkMessagingApp = (code: string, state: string) =>
  apiPost<Reply<{ linked: '1' }>>('/user/daily_draw/link', { code, state });

export const takeDailyDraw = () => apiPost<Reply<DailyDrawResult>>('/user/daily_draw/draw', {});

export const useSnsCampaign = () =>
  useQuery({
    queryKey: perkKeys.sns(),
    queryFn: () => apiGet<Reply<SnsCampaignStatus>>('/user/sns_campaign'),
  });

export const claimSnsCampaign = (code: string) =>
  apiPost<Reply<{ point: number }>>('/user/sns_campaign/claim', { code });

/** A one-time key for a confirmed exchange or transfer: a repeated submit sends the same one. */
export const requestKey = () => crypto.randomUUID();
