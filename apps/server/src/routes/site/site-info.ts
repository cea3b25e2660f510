import type { FastifyPluginAsync } from 'fastify';
import { SHOP_NAME, SUPPORT_HOURS, type SiteInfo } from '@oripa/core';
import { storefrontSettings } from '../../services/shop-settings.ts';

/** The operator and contact details the legal pages and the footer show; public, the same for every caller. */
export const siteInfoRoutes: FastifyPluginAsync = async (api) => {
  api.get('/user/site_info', async (request, reply) => {
    const info: SiteInfo = {
      shop_name: { ...SHOP_NAME },
      operator: { ...api.ctx.config.operator },
      support_hours: { ...SUPPORT_HOURS },
      antique_dealer_licence: (await storefrontSettings(api.ctx)).antique_dealer_licence ?? '',
    };
    return reply.ok({ ...info });
  });
};
