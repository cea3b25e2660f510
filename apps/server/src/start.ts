import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import type { Config } from './config.ts';
import { systemClock, type AppContext, type Clock } from './context.ts';
import { connectDatabase } from './db/database.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createGateways } from './gateways.ts';
import { createInstanceCaches } from './instance-caches.ts';
import { allJobs } from './jobs/index.ts';
import { startJobs } from './jobs/runner.ts';
import { LiveHub } from './services/live/live-hub.ts';
import { ShopClock } from './services/shop-clock.ts';
import { withVapidKeys } from './services/notices/vapid-keys.ts';
import { seedIfEmpty, type SeedSummary } from './seed/index.ts';

export interface RunningShop {
  app: FastifyInstance;
  ctx: AppContext;
  seeded: SeedSummary | null;
  close(): Promise<void>;
}

/** Opens the database (embedded unless DATABASE_URL), migrates, seeds demo data when asked, builds the app. */
export async function startShop(given: Config, opts: BuildOptions & { clock?: Clock } = {}): Promise<RunningShop> {
  // A development/demo shop without VAPID keys gets a pair of its own, kept in DATA_DIR (ADR 0051).
  const config = await withVapidKeys(given);
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
  const db = connectDatabase(config.databaseUrl ?? embedded!.url, config.dbPoolSize, config);
  const closers: (() => Promise<void>)[] = [];
  try {
    await migrate(db.pool);
    // A sandbox shop's time can be moved (POST /sandbox/clock, ADR 0034); production's is the system's.
    const shopClock = !opts.clock && config.sandbox ? await ShopClock.start(db.pool) : null;
    if (shopClock) closers.push(async () => shopClock.stop());
    const clock = opts.clock ?? shopClock ?? systemClock;
    const ctx: AppContext = {
      config,
      db,
      clock,
      live: new LiveHub(db, clock),
      ...createInstanceCaches(),
      ...createGateways(config, db, clock),
    };
    const seeded = config.seedDemo ? await seedIfEmpty(ctx) : null;
    const app = await buildApp(ctx, opts);
    const stopJobs = config.jobs ? startJobs(ctx, app.log, allJobs) : async () => {};
    closers.push(stopJobs, () => app.close());
    return {
      app,
      ctx,
      seeded,
      close: async () => {
        // Together: the listener closes at once while jobs finish their batch in flight (shutdown.ts).
        await Promise.all(closers.map((c) => c().catch(() => {})));
        await db.close().catch(() => {});
        await embedded?.stop().catch(() => {});
      },
    };
  } catch (err) {
    await db.close().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw err;
  }
}
