import type { FastifyPluginAsync } from 'fastify';
import { shopSettingsSchema } from '@oripa/core/admin';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { parseInput } from '../../http/input.ts';
import { saveShopSettings, shopSettings } from '../../services/shop-settings.ts';

/** /api/admin/settings (owner): the shop's settings core defines (SHOP_SETTINGS), read and saved as one form. */
export const settingsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/settings', { config: { permission: 'settings.write' } }, async (_request, reply) =>
    reply.ok({ settings: await shopSettings(ctx) }),
  );

  app.post('/settings', { config: { permission: 'settings.write' } }, async (request, reply) => {
    const input = parseInput(shopSettingsSchema, request.payload);
    return reply.ok({ settings: await saveShopSettings(ctx, requireStaff(request), input) });
  });
};
