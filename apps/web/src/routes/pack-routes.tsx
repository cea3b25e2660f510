import type { RouteDef } from './route-def';
import { lazyPage } from './lazy-page';

const BuyProductHistoryDetailPage = lazyPage(
  () => import('../pages/pack/BuyProductHistoryDetailPage'),
  'BuyProductHistoryDetailPage',
);
const BuyProductHistoryPage = lazyPage(() => import('../pages/pack/BuyProductHistoryPage'), 'BuyProductHistoryPage');
const BuyProductRedirect = lazyPage(() => import('../pages/pack/BuyProductRedirect'), 'BuyProductRedirect');
const ConfirmBuyProductPage = lazyPage(() => import('../pages/pack/ConfirmBuyProductPage'), 'ConfirmBuyProductPage');
const ConfirmGetCardListPage = lazyPage(() => import('../pages/pack/ConfirmGetCardListPage'), 'ConfirmGetCardListPage');
const FairnessPage = lazyPage(() => import('../pages/pack/FairnessPage'), 'FairnessPage');
const GachaAnimationPage = lazyPage(() => import('../pages/pack/GachaAnimationPage'), 'GachaAnimationPage');
const GetCardListPage = lazyPage(() => import('../pages/pack/GetCardListPage'), 'GetCardListPage');
/** Most visits go from the top page to a pack: the top page prefetches its files once loaded (prefetch-next-page.ts). */
const PackDetailPage = lazyPage(() => import('../pages/pack/PackDetailPage'), 'PackDetailPage');
const PackListPage = lazyPage(() => import('../pages/pack/PackListPage'), 'PackListPage');
const ThankYouPage = lazyPage(() => import('../pages/pack/ThankYouPage'), 'ThankYouPage');

// Issue 3: packs, draws, the reveal, card choice and histories.
export const packRoutes: RouteDef[] = [
  { path: '/pack-list', titleKey: 'packList', guard: 'public', page: PackListPage },
  { path: '/pack-detail', titleKey: 'packDetail', guard: 'public', page: PackDetailPage },
  { path: '/fairness', titleKey: 'fairness', guard: 'public', page: FairnessPage },
  { path: '/buy-product', titleKey: 'buyProduct', guard: 'member', page: BuyProductRedirect },
  { path: '/confirm-buy-product', titleKey: 'confirmBuyProduct', guard: 'member', page: ConfirmBuyProductPage },
  { path: '/gacha-animation', titleKey: 'gachaAnimation', guard: 'member', page: GachaAnimationPage, layout: 'bare' },
  { path: '/get-card-list', titleKey: 'getCardList', guard: 'member', page: GetCardListPage },
  { path: '/confirm-get-card-list', titleKey: 'confirmGetCardList', guard: 'member', page: ConfirmGetCardListPage },
  { path: '/buy-product-history', titleKey: 'buyProductHistory', guard: 'member', page: BuyProductHistoryPage },
  {
    path: '/buy-product-history-detail',
    titleKey: 'buyProductHistoryDetail',
    guard: 'member',
    page: BuyProductHistoryDetailPage,
  },
  { path: '/thank-you', titleKey: 'thankYou', guard: 'member', page: ThankYouPage },
];
