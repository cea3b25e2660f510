import type { ComponentType } from 'react';
import type { RouteDef } from './route-def';
import { lazyPageOf } from './lazy-page';
import { loadProgrammesStrings } from '../i18n/lazy-namespaces';

/** A page of the programmes: its code and the programmes strings (their own chunk) load together. */
const programmePage = <M extends Record<K, ComponentType>, K extends keyof M & string>(
  load: () => Promise<M>,
  name: K,
) =>
  lazyPageOf(
    () => Promise.all([load(), loadProgrammesStrings()]).then(([m]) => m),
    (m) => m[name],
  );

const SmsPage = programmePage(() => import('../pages/programmes/SmsPage'), 'SmsPage');
const SmsSuccessPage = programmePage(() => import('../pages/programmes/SmsResultPages'), 'SmsSuccessPage');
const SmsErrorPage = programmePage(() => import('../pages/programmes/SmsResultPages'), 'SmsErrorPage');
const BuyCoinPage = programmePage(() => import('../pages/programmes/BuyCoinPage'), 'BuyCoinPage');
const RankRewardPage = programmePage(() => import('../pages/programmes/RankRewardPage'), 'RankRewardPage');
const WithdrawPage = programmePage(() => import('../pages/programmes/WithdrawPages'), 'WithdrawPage');
const WithdrawCompletePage = programmePage(() => import('../pages/programmes/WithdrawPages'), 'WithdrawCompletePage');

// Issue 11, membership (SMS verification, coins, ranks, withdrawal; spec section 2).
export const programmeRoutes: RouteDef[] = [
  { path: '/sms', titleKey: 'sms', guard: 'member', page: SmsPage },
  { path: '/sms/success', titleKey: 'smsSuccess', guard: 'member', page: SmsSuccessPage },
  { path: '/sms/error', titleKey: 'smsError', guard: 'member', page: SmsErrorPage },
  { path: '/buy-coin', titleKey: 'buyCoin', guard: 'member', page: BuyCoinPage },
  { path: '/rank-reward', titleKey: 'rankReward', guard: 'member', page: RankRewardPage },
  { path: '/withdraw', titleKey: 'withdraw', guard: 'member', page: WithdrawPage },
  { path: '/withdraw/complete', titleKey: 'withdrawComplete', guard: 'public', page: WithdrawCompletePage },
];

const ExchangePage = programmePage(() => import('../pages/programmes/exchange/ExchangePage'), 'ExchangePage');
const TransferPointPage = programmePage(
  () => import('../pages/programmes/transfer/TransferPointPage'),
  'TransferPointPage',
);
const DailyDrawPage = programmePage(() => import('../pages/programmes/daily-draw/DailyDrawPage'), 'DailyDrawPage');
const SnsCampaignPage = programmePage(() => import('../pages/programmes/sns/SnsCampaignPage'), 'SnsCampaignPage');

// Issue 11, the perks: card exchange, partner transfer, the messaging-app daily draw and the follow campaign.
programmeRoutes.push(
  { path: '/exchange-card', titleKey: 'exchangeCard', guard: 'member', page: ExchangePage },
  { path: '/transfer-point', titleKey: 'transferPoint', guard: 'member', page: TransferPointPage },
  { path: '/daily-draw', titleKey: 'dailyDraw', guard: 'member', page: DailyDrawPage },
  { path: '/sns-campaign', titleKey: 'snsCampaign', guard: 'member', page: SnsCampaignPage },
);
