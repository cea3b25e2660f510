import type { FastifyPluginAsync } from 'fastify';
import { SHOP_NAME, SUPPORT_HOURS, type SiteInfo } from '@oripa/core';

/** The operator and contact details the legal pages show; public, the same for every caller. */
export const siteInfoRoutes: FastifyPluginAsync = async (api) => {
  api.get('/user/site_info', async (request, reply) => {
    const info: SiteInfo = {
      shop_name: { ...SHOP_NAME },
      operator: { ...api.ctx.config.operator },
      support_hours: { ...SUPPORT_HOURS },
    };
    return reply.ok({ ...info });
  });
};
