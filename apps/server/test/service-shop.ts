import { afterAll, beforeAll } from 'vitest';
import type { AppContext } from '../src/context.ts';
import { buildTestContext, TestClock, testDatabaseAndConfig } from './test-context.ts';

/**
 * The service tier of the server tests (issue 20, ADR 0038): a shop's context (its pool, clock, mailer, caches and
 * gateway) on a fresh clone of the migrated database, with no Fastify app and no port. A test of a rule calls the
 * service with `ctx` and reads the database; the HTTP shape of the same feature stays with one API test that goes
 * through startTestShop(). factories.ts's insertTestMember() and the ledger checks take a ServiceShop too.
 */
export interface ServiceShop {
  ctx: AppContext;
  clock: TestClock;
  databaseUrl: string;
  close(): Promise<void>;
}

export async function startServiceShop(env: Record<string, string> = {}): Promise<ServiceShop> {
  const { databaseUrl, config } = await testDatabaseAndConfig(env);
  const clock = new TestClock();
  const ctx = buildTestContext(config, databaseUrl, clock);
  // The database stays until the run's end (test-database.ts); the pool closes with the file.
  return { ctx, clock, databaseUrl, close: () => ctx.db.close() };
}

/** A service shop for this file's tests: `const t = useServiceShop();` then `t.shop` inside the tests. */
export function useServiceShop(env: Record<string, string> = {}): { shop: ServiceShop } {
  const holder = {} as { shop: ServiceShop };
  beforeAll(async () => {
    holder.shop = await startServiceShop(env);
  });
  afterAll(() => holder.shop?.close());
  return holder;
}
