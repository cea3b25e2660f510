import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import type { Config } from './config.ts';
import { systemClock, type AppContext, type Clock } from './context.ts';
import { connectDatabase } from './db/database.ts';
import { startEmbeddedPostgres } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { startJobs } from './jobs/runner.ts';
import { createMailer } from './services/mailer.ts';
import { seedIfEmpty, type SeedSummary } from './seed/index.ts';

export interface RunningShop {
  app: FastifyInstance;
  ctx: AppContext;
  seeded: SeedSummary | null;
  close(): Promise<void>;
}

/** Opens the database (embedded unless DATABASE_URL), migrates, seeds demo data when asked, builds the app. */
export async function startShop(config: Config, opts: BuildOptions & { clock?: Clock } = {}): Promise<RunningShop> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(path.join(config.dataDir, 'pg'));
  const db = connectDatabase(config.databaseUrl ?? embedded!.url, config.dbPoolSize);
  const closers: (() => Promise<void>)[] = [];
  try {
    await migrate(db.pool);
    const ctx: AppContext = { config, db, mailer: createMailer(config, db), clock: opts.clock ?? systemClock };
    const seeded = config.seedDemo ? await seedIfEmpty(ctx) : null;
    const app = await buildApp(ctx, opts);
    const stopJobs = config.jobs ? startJobs(ctx, app.log) : async () => {};
    closers.push(stopJobs, () => app.close());
    return {
      app,
      ctx,
      seeded,
      close: async () => {
        for (const c of closers) await c().catch(() => {});
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
