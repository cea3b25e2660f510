import { preparing } from '../pages/Preparing';
import type { RouteDef } from './route-def';

// Issue 4 (points and payments) replaces these placeholders with its pages.
export const paymentRoutes: RouteDef[] = [
  { path: '/complete-carrier', guard: 'public', page: preparing('completeCarrier') },
  { path: '/error-carrier', guard: 'public', page: preparing('errorCarrier') },
  { path: '/buy-point', guard: 'member', page: preparing('buyPoint') },
  { path: '/confirm-buy-point', guard: 'member', page: preparing('confirmBuyPoint') },
  { path: '/confirm-combini', guard: 'member', page: preparing('confirmCombini') },
  { path: '/bank-transfer-information', guard: 'member', page: preparing('bankTransferInformation') },
  { path: '/payge-transfer-information', guard: 'member', page: preparing('paygeTransferInformation') },
  { path: '/pay-redirect', guard: 'member', page: preparing('payRedirect') },
  { path: '/complete-buy-point', guard: 'member', page: preparing('completeBuyPoint') },
  { path: '/complete-buy-point-paypal', guard: 'member', page: preparing('completeBuyPointPaypal') },
  { path: '/complete-buy-point-amazom-pay', guard: 'member', page: preparing('completeBuyPointAmazonPay') },
  { path: '/amazon-pay-redirect', guard: 'member', page: preparing('amazonPayRedirect') },
  { path: '/buy-point-history', guard: 'member', page: preparing('buyPointHistory') },
  { path: '/coin-history', guard: 'member', page: preparing('coinHistory') },
  { path: '/card-input', guard: 'member', page: preparing('cardInput') },
];
