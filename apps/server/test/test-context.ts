import { parseConfig } from '../src/config.ts';
import type { AppContext, MovableClock } from '../src/context.ts';
import { connectDatabase } from '../src/db/database.ts';
import { createGateways } from '../src/gateways.ts';
import { createInstanceCaches } from '../src/instance-caches.ts';
import { LiveHub } from '../src/services/live/live-hub.ts';
import { cloneTemplateDatabase } from './test-database.ts';

// The parts of a test shop that need no HTTP: kept apart from test-shop.ts so that a service-tier test file
// (service-shop.ts) does not import the Fastify app and its routes (issue 20: module import was most of a server
// test file's time on a busy machine).

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

/** What a shop instance's services use: its own pool, caches and outside gateways (as start.ts), on `databaseUrl`. */
export function buildTestContext(config: AppContext['config'], databaseUrl: string, clock: TestClock): AppContext {
  const db = connectDatabase(databaseUrl, 30);
  return {
    config,
    db,
    clock,
    live: new LiveHub(db, clock),
    ...createInstanceCaches(),
    ...createGateways(config, db, clock),
  };
}

/** A fresh clone of the migrated database and the configuration of a test shop on it (`env` overrides values). */
export async function testDatabaseAndConfig(env: Record<string, string>) {
  const databaseUrl = await cloneTemplateDatabase();
  const config = parseConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', ...env });
  return { databaseUrl, config };
}
