import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import type { AppContext, MovableClock } from '../src/context.ts';
import { connectDatabase } from '../src/db/database.ts';
import { createInstanceCaches } from '../src/instance-caches.ts';
import { createMailer } from '../src/services/mailer.ts';
import { createGateway } from '../src/services/payments/gateways/create-gateway.ts';
import { ApiClient } from './api-client.ts';

/** A clock tests can move forward (24-hour conversion, point expiry, token expiry). */
export class TestClock implements MovableClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
  /** As the sandbox's shop clock: forward only (POST /sandbox/clock). */
  async moveTo(at: Date) {
    this.offsetMs = Math.max(this.offsetMs, at.getTime() - Date.now());
    return this.now();
  }
}

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
  client(lang?: 'ja' | 'en'): ApiClient;
  close(): Promise<void>;
}

/** A shop's app on `databaseUrl`, listening on a random port. */
async function serve(config: AppContext['config'], databaseUrl: string, clock: TestClock) {
  const db = connectDatabase(databaseUrl, 30);
  const ctx: AppContext = {
    config,
    db,
    mailer: createMailer(config),
    clock,
    ...createInstanceCaches(),
    gateway: createGateway(config, db.pool),
  };
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
  const adminUrl = inject('adminDatabaseUrl');
  const name = `t_${process.pid}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();

  const config = parseConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env });
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
    close: async () => {
      await main.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await a.end();
    },
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
