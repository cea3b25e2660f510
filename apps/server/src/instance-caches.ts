import type { AppContext } from './context.ts';
import { createMetrics } from './observability/metrics.ts';
import { createMaintenanceCache } from './services/maintenance.ts';
import { createPackCaches } from './services/packs/pack-caches.ts';
import { createSessionCache } from './services/sessions.ts';
import { createSiteCache } from './services/site-content.ts';

/**
 * The short-lived caches of one server instance, empty, and its metrics. Each instance (and each test shop) builds its own with
 * its context, so two instances in one process never answer from each other's entries.
 */
export function createInstanceCaches(): Pick<
  AppContext,
  'sessionCache' | 'siteCache' | 'maintenanceCache' | 'packs' | 'metrics'
> {
  return {
    sessionCache: createSessionCache(),
    siteCache: createSiteCache(),
    maintenanceCache: createMaintenanceCache(),
    packs: createPackCaches(),
    metrics: createMetrics(),
  };
}
