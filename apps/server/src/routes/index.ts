import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './user/accounts.ts';
import { historyRoutes } from './user/history.ts';
import { packRoutes } from './user/pack.ts';
import { packPurchaseRoutes } from './user/pack-purchase.ts';
import { paymentRoutes } from './user/payment-routes.ts';
import { siteRoutes } from './user/site.ts';
import { siteInfoRoutes } from './user/site-info.ts';

// Every /api resource is one plugin file; add new ones here.
export const apiRoutes: FastifyPluginAsync[] = [
  ...accountRoutes,
  siteInfoRoutes,
  siteRoutes,
  packRoutes,
  packPurchaseRoutes,
  historyRoutes,
  ...paymentRoutes,
];
