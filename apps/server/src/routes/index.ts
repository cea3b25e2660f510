import type { FastifyPluginAsync } from 'fastify';
import { accountRoutes } from './account/index.ts';
import { historyRoutes } from './packs/history.ts';
import { hitShareRoutes } from './packs/hit-share.ts';
import { saleStartNoticeRoutes } from './notices/sale-start-notices.ts';
import { packRoutes } from './packs/catalog.ts';
import { packPurchaseRoutes } from './packs/purchase.ts';
import { liveSnapshotRoutes } from './live/live.ts';
import { dropRoutes } from './packs/drop.ts';
import { paymentRoutes } from './payments/index.ts';
import { perkRoutes } from './programmes/perks.ts';
import { programmeRoutes } from './programmes/index.ts';
import { siteRoutes } from './site/banners.ts';
import { siteInfoRoutes } from './site/site-info.ts';

// Every /api resource is one plugin file; add new ones here.
export const apiRoutes: FastifyPluginAsync[] = [
  ...accountRoutes,
  siteInfoRoutes,
  siteRoutes,
  packRoutes,
  liveSnapshotRoutes,
  packPurchaseRoutes,
  dropRoutes,
  historyRoutes,
  hitShareRoutes,
  saleStartNoticeRoutes,
  ...paymentRoutes,
  ...perkRoutes,
  ...programmeRoutes,
];
