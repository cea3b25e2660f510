import { AmazonPayRedirectPage } from '../pages/payment/AmazonPayRedirectPage';
import { BankTransferInformationPage } from '../pages/payment/BankTransferInformationPage';
import { BuyPointPage } from '../pages/payment/BuyPointPage';
import { CardInputPage } from '../pages/payment/CardInputPage';
import { CarrierResultPage } from '../pages/payment/CarrierResultPage';
import { CompleteBuyPointPage } from '../pages/payment/CompleteBuyPointPage';
import { ConfirmBuyPointPage } from '../pages/payment/ConfirmBuyPointPage';
import { ConfirmCombiniPage } from '../pages/payment/ConfirmCombiniPage';
import { BuyPointHistoryPage, CoinHistoryPage } from '../pages/payment/HistoryPage';
import { PaygeTransferInformationPage } from '../pages/payment/PaygeTransferInformationPage';
import { PayRedirectPage } from '../pages/payment/PayRedirectPage';
import type { RouteDef } from './route-def';

// Issue 4: points and payments (spec section 2).
export const paymentRoutes: RouteDef[] = [
  { path: '/complete-carrier', guard: 'public', page: CarrierResultPage },
  { path: '/error-carrier', guard: 'public', page: CarrierResultPage },
  { path: '/buy-point', guard: 'member', page: BuyPointPage },
  { path: '/confirm-buy-point', guard: 'member', page: ConfirmBuyPointPage },
  { path: '/confirm-combini', guard: 'member', page: ConfirmCombiniPage },
  { path: '/bank-transfer-information', guard: 'member', page: BankTransferInformationPage },
  { path: '/payge-transfer-information', guard: 'member', page: PaygeTransferInformationPage },
  { path: '/pay-redirect', guard: 'member', page: PayRedirectPage },
  { path: '/complete-buy-point', guard: 'member', page: CompleteBuyPointPage },
  { path: '/complete-buy-point-paypal', guard: 'member', page: CompleteBuyPointPage },
  { path: '/complete-buy-point-amazom-pay', guard: 'member', page: CompleteBuyPointPage },
  { path: '/amazon-pay-redirect', guard: 'member', page: AmazonPayRedirectPage },
  { path: '/buy-point-history', guard: 'member', page: BuyPointHistoryPage },
  { path: '/coin-history', guard: 'member', page: CoinHistoryPage },
  { path: '/card-input', guard: 'member', page: CardInputPage },
];
