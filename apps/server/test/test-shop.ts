import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { AppContext } from '../src/context.ts';
import { ApiClient } from './api-client.ts';
import { buildTestContext, TestClock, testDatabaseAndConfig } from './test-context.ts';

export { TestClock };

export interface TestShop {
  app: FastifyInstance;
  ctx: AppContext;
  clock: TestClock;
  baseUrl: string;
  databaseUrl: string;
  /** A new HTTP client with its own cookie jar. */
  client(lang?: 'ja' | 'en'): ApiClient;
  /**
   * Another server instance on the same database (its own pool, batchers and port, the same clock and secret), as
   * behind a load balancer: a member's session cookie works on both.
   */
  startInstance(): Promise<TestInstance>;
  close(): Promise<void>;
}

export interface TestInstance {
  baseUrl: string;
  client(lang?: 'ja' | 'en'): ApiClient;
  close(): Promise<void>;
}

/** A shop's app on `databaseUrl`, listening on a random port. */
async function serve(config: AppContext['config'], databaseUrl: string, clock: TestClock) {
  const ctx = buildTestContext(config, databaseUrl, clock);
  const { db } = ctx;
  const app = await buildApp(ctx, { serveWeb: false, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  return {
    app,
    ctx,
    baseUrl,
    client: (lang: 'ja' | 'en' = 'ja') => new ApiClient(baseUrl, lang),
    close: async () => {
      await app.close();
      await db.close();
    },
  };
}

/**
 * A real shop on a fresh clone of the migrated template database, listening on a random port, so API tests go
 * through real HTTP (cookies, form encoding, CSRF). `env` overrides configuration values.
 */
export async function startTestShop(env: Record<string, string> = {}): Promise<TestShop> {
  const { databaseUrl, config } = await testDatabaseAndConfig(env);
  const clock = new TestClock();
  const main = await serve(config, databaseUrl, clock);
  return {
    app: main.app,
    ctx: main.ctx,
    clock,
    baseUrl: main.baseUrl,
    databaseUrl,
    client: main.client,
    startInstance: () => serve(config, databaseUrl, clock),
    // The database stays until the run's end (test-database.ts).
    close: () => main.close(),
  };
}

/**
 * Starts a shop (with whatever else `start` prepares) before the file's tests and closes it after them. The
 * returned holder is filled in beforeAll, so tests read `t.shop`, `t.course`, … inside their bodies.
 */
export function useShop<T extends { shop: TestShop }>(start: () => Promise<T>): T {
  const holder = {} as T;
  beforeAll(async () => {
    Object.assign(holder, await start());
  });
  afterAll(() => holder.shop?.close());
  return holder;
}

/** A plain test shop for this file's tests: `const t = useTestShop();` then `t.shop` inside the tests. */
export const useTestShop = () => useShop(async () => ({ shop: await startTestShop() }));
