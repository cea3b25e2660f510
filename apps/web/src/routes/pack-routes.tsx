import { preparing } from '../pages/Preparing';
import type { RouteDef } from './route-def';

// Issue 3 (packs, draws, card choice) replaces these placeholders with its pages.
export const packRoutes: RouteDef[] = [
  { path: '/pack-list', guard: 'public', page: preparing('packList') },
  { path: '/pack-detail', guard: 'public', page: preparing('packDetail') },
  { path: '/fairness', guard: 'public', page: preparing('fairness') },
  { path: '/buy-product', guard: 'member', page: preparing('buyProduct') },
  { path: '/confirm-buy-product', guard: 'member', page: preparing('confirmBuyProduct') },
  { path: '/gacha-animation', guard: 'member', page: preparing('gachaAnimation'), layout: 'bare' },
  { path: '/get-card-list', guard: 'member', page: preparing('getCardList') },
  { path: '/confirm-get-card-list', guard: 'member', page: preparing('confirmGetCardList') },
  { path: '/buy-product-history', guard: 'member', page: preparing('buyProductHistory') },
  { path: '/buy-product-history-detail', guard: 'member', page: preparing('buyProductHistoryDetail') },
  { path: '/thank-you', guard: 'member', page: preparing('thankYou') },
];
