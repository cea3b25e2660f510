import type { RouteDef } from './route-def';
import { lazyPage } from './lazy-page';

const SmsPage = lazyPage(() => import('../pages/programmes/SmsPage'), 'SmsPage');
const SmsSuccessPage = lazyPage(() => import('../pages/programmes/SmsResultPages'), 'SmsSuccessPage');
const SmsErrorPage = lazyPage(() => import('../pages/programmes/SmsResultPages'), 'SmsErrorPage');
const BuyCoinPage = lazyPage(() => import('../pages/programmes/BuyCoinPage'), 'BuyCoinPage');
const WithdrawPage = lazyPage(() => import('../pages/programmes/WithdrawPages'), 'WithdrawPage');
const WithdrawCompletePage = lazyPage(() => import('../pages/programmes/WithdrawPages'), 'WithdrawCompletePage');

// Issue 11: member programmes, part 1 (SMS verification, coins, ranks, withdrawal; spec section 2).
export const programmeRoutes: RouteDef[] = [
  { path: '/sms', titleKey: 'sms', guard: 'member', page: SmsPage },
  { path: '/sms/success', titleKey: 'smsSuccess', guard: 'member', page: SmsSuccessPage },
  { path: '/sms/error', titleKey: 'smsError', guard: 'member', page: SmsErrorPage },
  { path: '/buy-coin', titleKey: 'buyCoin', guard: 'member', page: BuyCoinPage },
  { path: '/withdraw', titleKey: 'withdraw', guard: 'member', page: WithdrawPage },
  { path: '/withdraw/complete', titleKey: 'withdrawComplete', guard: 'public', page: WithdrawCompletePage },
];

const ExchangePage = lazyPage(() => import('../pages/programmes/exchange/ExchangePage'), 'ExchangePage');
const TransferPointPage = lazyPage(() => import('../pages/programmes/transfer/TransferPointPage'), 'TransferPointPage');
const DailyDrawPage = lazyPage(() => import('../pages/programmes/daily-draw/DailyDrawPage'), 'DailyDrawPage');
const SnsCampaignPage = lazyPage(() => import('../pages/programmes/sns/SnsCampaignPage'), 'SnsCampaignPage');

// Issue 11, part 2: card exchange, partner transfer, the messaging-app daily draw and the follow campaign.
programmeRoutes.push(
  { path: '/exchange-card', titleKey: 'exchangeCard', guard: 'member', page: ExchangePage },
  { path: '/transfer-point', titleKey: 'transferPoint', guard: 'member', page: TransferPointPage },
  { path: '/daily-draw', titleKey: 'dailyDraw', guard: 'member', page: DailyDrawPage },
  { path: '/sns-campaign', titleKey: 'snsCampaign', guard: 'member', page: SnsCampaignPage },
);
