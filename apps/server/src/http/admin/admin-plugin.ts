import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { apiPlugin } from '../api-plugin.ts';
import type { ShopLookups } from '../shop-lookups.ts';
import { installStaffGuard } from './staff-guard.ts';

/**
 * /api/admin: the /api contract (envelope, CSRF, language, cross-site refusal; not the maintenance switch, so the
 * staff can turn it off again) with the staff guard in front of every route.
 */
export function adminPlugin(routes: FastifyPluginAsync[], lookups: ShopLookups): FastifyPluginAsync {
  const guarded: FastifyPluginAsync = async (admin: FastifyInstance) => {
    installStaffGuard(admin, lookups.staffSession);
    for (const route of routes) await admin.register(route);
  };
  return apiPlugin([guarded], lookups, { maintenanceSwitch: false });
}
