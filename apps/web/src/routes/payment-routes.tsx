import type { RouteDef } from './route-def';
import { lazyPage } from './lazy-page';

const AmazonPayRedirectPage = lazyPage(() => import('../pages/payment/AmazonPayRedirectPage'), 'AmazonPayRedirectPage');
const BankTransferInformationPage = lazyPage(
  () => import('../pages/payment/BankTransferInformationPage'),
  'BankTransferInformationPage',
);
const BuyPointPage = lazyPage(() => import('../pages/payment/BuyPointPage'), 'BuyPointPage');
const CardInputPage = lazyPage(() => import('../pages/payment/CardInputPage'), 'CardInputPage');
const CarrierResultPage = lazyPage(() => import('../pages/payment/CarrierResultPage'), 'CarrierResultPage');
const CompleteBuyPointPage = lazyPage(() => import('../pages/payment/CompleteBuyPointPage'), 'CompleteBuyPointPage');
const ConfirmBuyPointPage = lazyPage(() => import('../pages/payment/ConfirmBuyPointPage'), 'ConfirmBuyPointPage');
const ConfirmCombiniPage = lazyPage(() => import('../pages/payment/ConfirmCombiniPage'), 'ConfirmCombiniPage');
const BuyPointHistoryPage = lazyPage(() => import('../pages/payment/HistoryPage'), 'BuyPointHistoryPage');
const CoinHistoryPage = lazyPage(() => import('../pages/payment/HistoryPage'), 'CoinHistoryPage');
const PaygeTransferInformationPage = lazyPage(
  () => import('../pages/payment/PaygeTransferInformationPage'),
  'PaygeTransferInformationPage',
);
const PayRedirectPage = lazyPage(() => import('../pages/payment/PayRedirectPage'), 'PayRedirectPage');

// Issue 4: points and payments (spec section 2).
export const paymentRoutes: RouteDef[] = [
  { path: '/complete-carrier', titleKey: 'completeCarrier', guard: 'public', page: CarrierResultPage },
  { path: '/error-carrier', titleKey: 'errorCarrier', guard: 'public', page: CarrierResultPage },
  { path: '/buy-point', titleKey: 'buyPoint', guard: 'member', page: BuyPointPage },
  {
    path: '/confirm-buy-point',
    titleKey: 'confirmBuyPoint',
    guard: 'member',
    page: ConfirmBuyPointPage,
    footer: 'checkout',
  },
  { path: '/confirm-combini', titleKey: 'confirmCombini', guard: 'member', page: ConfirmCombiniPage },
  {
    path: '/bank-transfer-information',
    titleKey: 'bankTransferInformation',
    guard: 'member',
    page: BankTransferInformationPage,
  },
  {
    path: '/payge-transfer-information',
    titleKey: 'paygeTransferInformation',
    guard: 'member',
    page: PaygeTransferInformationPage,
  },
  { path: '/pay-redirect', titleKey: 'payRedirect', guard: 'member', page: PayRedirectPage },
  { path: '/complete-buy-point', titleKey: 'completeBuyPoint', guard: 'member', page: CompleteBuyPointPage },
  {
    path: '/complete-buy-point-paypal',
    titleKey: 'completeBuyPointPaypal',
    guard: 'member',
    page: CompleteBuyPointPage,
  },
  {
    path: '/complete-buy-point-amazom-pay',
    titleKey: 'completeBuyPointAmazonPay',
    guard: 'member',
    page: CompleteBuyPointPage,
  },
  { path: '/amazon-pay-redirect', titleKey: 'amazonPayRedirect', guard: 'member', page: AmazonPayRedirectPage },
  { path: '/buy-point-history', titleKey: 'buyPointHistory', guard: 'member', page: BuyPointHistoryPage },
  { path: '/coin-history', titleKey: 'coinHistory', guard: 'member', page: CoinHistoryPage },
  { path: '/card-input', titleKey: 'cardInput', guard: 'member', page: CardInputPage },
];
