import { BuyProductHistoryDetailPage } from '../pages/pack/BuyProductHistoryDetailPage';
import { BuyProductHistoryPage } from '../pages/pack/BuyProductHistoryPage';
import { BuyProductRedirect } from '../pages/pack/BuyProductRedirect';
import { ConfirmBuyProductPage } from '../pages/pack/ConfirmBuyProductPage';
import { ConfirmGetCardListPage } from '../pages/pack/ConfirmGetCardListPage';
import { FairnessPage } from '../pages/pack/FairnessPage';
import { GachaAnimationPage } from '../pages/pack/GachaAnimationPage';
import { GetCardListPage } from '../pages/pack/GetCardListPage';
import { PackDetailPage } from '../pages/pack/PackDetailPage';
import { PackListPage } from '../pages/pack/PackListPage';
import { ThankYouPage } from '../pages/pack/ThankYouPage';
import type { RouteDef } from './route-def';

// Issue 3: packs, draws, the reveal, card choice and histories.
export const packRoutes: RouteDef[] = [
  { path: '/pack-list', guard: 'public', page: PackListPage },
  { path: '/pack-detail', guard: 'public', page: PackDetailPage },
  { path: '/fairness', guard: 'public', page: FairnessPage },
  { path: '/buy-product', guard: 'member', page: BuyProductRedirect },
  { path: '/confirm-buy-product', guard: 'member', page: ConfirmBuyProductPage },
  { path: '/gacha-animation', guard: 'member', page: GachaAnimationPage, layout: 'bare' },
  { path: '/get-card-list', guard: 'member', page: GetCardListPage },
  { path: '/confirm-get-card-list', guard: 'member', page: ConfirmGetCardListPage },
  { path: '/buy-product-history', guard: 'member', page: BuyProductHistoryPage },
  { path: '/buy-product-history-detail', guard: 'member', page: BuyProductHistoryDetailPage },
  { path: '/thank-you', guard: 'member', page: ThankYouPage },
];
