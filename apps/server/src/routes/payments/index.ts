import type { FastifyPluginAsync } from 'fastify';
import { acsSecureRoutes } from './acs-secure.ts';
import { bankInfoRoutes } from './bank-info.ts';
import { checkoutSessionRoutes } from './checkout-session.ts';
import { couponRoutes } from './coupon-use.ts';
import { pointBuyRoutes } from './point-buy.ts';
import { pointCardRoutes } from './point-cards.ts';
import { pointHistoryRoutes } from './point-history.ts';
import { pointPriceRoutes } from './point-price.ts';
import { spendingLimitRoutes } from './spending-limits.ts';

/** Every /api plugin of points and payments (issue 4). The provider webhooks sit outside /api's envelope. */
export const paymentRoutes: FastifyPluginAsync[] = [
  pointPriceRoutes,
  pointBuyRoutes,
  pointCardRoutes,
  pointHistoryRoutes,
  couponRoutes,
  checkoutSessionRoutes,
  bankInfoRoutes,
  acsSecureRoutes,
  spendingLimitRoutes,
];
