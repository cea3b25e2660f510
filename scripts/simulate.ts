/**
 * A month of the shop, simulated (issue 19 §4): members register (referral codes, mailed links), buy points and
 * coins by card, convenience store and bank transfer, draw, ship or convert, verify by SMS, draw daily, exchange,
 * transfer from the partner, lapse and regain ranks, withdraw; staff adjust balances in the console; the month
 * ends. All through the public API and the sandbox clock, deterministic from --seed; then the database is audited
 * and each business invariant printed OK or FAILED (exit 1 on FAILED).
 *
 *   npm run simulate                                   # 31 days, 200 members, embedded PostgreSQL
 *   npm run simulate -- --days 3 --members 8 --seed 7  # a short one
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run simulate   # a fresh database on that server
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseConfig } from '../apps/server/src/config.ts';
import { SIMULATION_PROXY } from './simulate/client.ts';
import { startShop } from '../apps/server/src/start.ts';
import { createServerDatabase } from './lib/server-database.ts';
import { printInvariants } from './simulate/invariants.ts';
import { figuresTable, simulate } from './simulate/run.ts';

const { values: opt } = parseArgs({
  options: {
    days: { type: 'string', default: '31' },
    members: { type: 'string', default: '200' },
    seed: { type: 'string', default: '1' },
    'prologue-days': { type: 'string', default: '180' },
    // With DATABASE_URL: keep the simulated shop's database afterwards (to look into a FAILED line).
    keep: { type: 'boolean', default: false },
  },
});
const days = Math.max(3, Number(opt.days));
const log = (line: string) => console.log(line);

/** A fresh database: on DATABASE_URL's server (dropped afterwards), or an embedded server in a temp directory. */
async function freshDatabase(): Promise<{ env: Record<string, string>; cleanup: () => Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (!external) {
    const dir = mkdtempSync(path.join(tmpdir(), 'oripa-simulate-'));
    chmodSync(dir, 0o755); // the embedded server runs as a separate OS user when we are root
    return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await createServerDatabase(external, 'simulate_');
  return {
    env: { DATABASE_URL: url },
    cleanup: async () => (opt.keep ? console.log(`kept ${url}`) : drop()),
  };
}

const database = await freshDatabase();
const config = parseConfig({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  // Jobs run only when the simulation moves the clock (POST /sandbox/clock), so the month is the same every run.
  JOBS: '0',
  SEED_DEMO: '0',
  // Each simulated person sends from an address of its own (X-Forwarded-For), as behind a load balancer.
  TRUST_PROXY: SIMULATION_PROXY,
  ...database.env,
});
const shop = await startShop(config, { serveWeb: false, logger: false });
let ok = false;
try {
  await shop.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = shop.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const started = Date.now();
  const result = await simulate({
    ctx: shop.ctx,
    baseUrl,
    databaseUrl: (shop.ctx.db.pool as unknown as { options: { connectionString: string } }).options.connectionString,
    days,
    members: Number(opt.members),
    seed: Number(opt.seed),
    prologueDays: Number(opt['prologue-days']),
    log,
  });
  log(`figures (${Math.round((Date.now() - started) / 1000)} s):`);
  for (const line of figuresTable(result.figures)) log(line);
  ok = printInvariants(result.invariants, log);
} finally {
  await shop.close();
  await database.cleanup();
}
process.exit(ok ? 0 : 1);
