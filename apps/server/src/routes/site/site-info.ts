import type { FastifyPluginAsync } from 'fastify';
import { EXTERNAL_LINK_KEYS, SHOP_NAME, SUPPORT_HOURS, type SiteInfo } from '@oripa/core';
import { storefrontSettings } from '../../services/shop-settings.ts';

/** The operator and contact details the legal pages and the footer show; public, the same for every caller. */
export const siteInfoRoutes: FastifyPluginAsync = async (api) => {
  api.get('/user/site_info', async (request, reply) => {
    const settings = await storefrontSettings(api.ctx);
    const info: SiteInfo = {
      shop_name: { ...SHOP_NAME },
      operator: { ...api.ctx.config.operator },
      support_hours: { ...SUPPORT_HOURS },
      antique_dealer_licence: settings.antique_dealer_licence ?? '',
      links: Object.fromEntries(EXTERNAL_LINK_KEYS.map((k) => [k, settings[k] ?? ''])) as SiteInfo['links'],
    };
    return reply.ok({ ...info });
  });
};
