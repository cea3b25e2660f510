import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { apiPlugin } from '../api-plugin.ts';
import { installStaffGuard } from './staff-guard.ts';

/**
 * /api/admin: the /api contract (envelope, CSRF, language, cross-site refusal; not the maintenance switch, so the
 * staff can turn it off again) with the staff guard in front of every route.
 */
export function adminPlugin(routes: FastifyPluginAsync[]): FastifyPluginAsync {
  const guarded: FastifyPluginAsync = async (admin: FastifyInstance) => {
    installStaffGuard(admin);
    for (const route of routes) await admin.register(route);
  };
  return apiPlugin([guarded], { maintenanceSwitch: false });
}
