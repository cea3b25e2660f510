import type { AppContext } from '../context.ts';
import { findSetting, upsertSetting } from '../db/queries/settings.ts';
import { PromiseCache } from '../promise-cache.ts';

/**
 * This instance's reading of the maintenance flag: read at most once a second per instance (and once for all the
 * requests that ask meanwhile), so maintenance costs no query per request.
 */
export type MaintenanceCache = PromiseCache<'flag', boolean>;

export const createMaintenanceCache = (): MaintenanceCache => new PromiseCache(1000);

export async function isMaintenance(ctx: AppContext): Promise<boolean> {
  if (ctx.config.maintenance) return true;
  return ctx.maintenanceCache.get('flag', async () => (await findSetting(ctx.db.pool, 'maintenance')) === '1');
}

export async function setMaintenance(ctx: AppContext, on: boolean): Promise<void> {
  await upsertSetting(ctx.db.pool, 'maintenance', on ? '1' : '0');
  ctx.maintenanceCache.clear();
}
