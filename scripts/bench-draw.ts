/**
 * Launch-day benchmark (issue 3): N buyers hammer one pack through the real HTTP API — check + buy per purchase,
 * with real sessions (logged in through /api/user/login) and CSRF — then the database is audited.
 *
 *   npm run bench                               # 64 buyers, 1-draws, 20 s, one server, embedded PostgreSQL
 *   npm run bench -- --instances 2              # two server processes on one PostgreSQL, clients round-robin
 *   npm run bench -- --count 10 --duration 15   # 10-draws
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench   # external server (a fresh db is made)
 *   npm run bench -- --pgbench                  # also measure pgbench's one-hot-row baseline on the same server
 *   npm run bench -- --pg-stats                 # embedded only: database time per statement, per purchase
 *   DATABASE_URL=… npm run bench -- --keep      # keep the bench database afterwards (to EXPLAIN its queries)
 *   DATABASE_URL=<the shop's db> npm run bench -- --target http://127.0.0.1:8080
 *                                               # drive a running shop (e.g. npm run deploy:local's balancer)
 *
 * Everything stays on 127.0.0.1 (a --target must be a loopback URL) and is bounded by --duration and --max-purchases.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../apps/server/src/db/embedded.ts';
import { stockAndLedgerChecks, printChecks } from './lib/bench-audit.ts';
import { Buyer, logInAll, pct, RawConnection } from './lib/bench-client.ts';
import { prepare, startServer } from './lib/bench-shop.ts';
import { createServerDatabase } from './lib/server-database.ts';

const { values: opt } = parseArgs({
  options: {
    instances: { type: 'string', default: '1' },
    count: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '64' },
    duration: { type: 'string', default: '20' },
    warmup: { type: 'string', default: '3' },
    'max-purchases': { type: 'string', default: '500000' },
    members: { type: 'string', default: '256' },
    // Default: enough for the run not to sell out (about 60,000 per draw of --count, 200,000 to 2,000,000).
    tickets: { type: 'string' },
    pool: { type: 'string', default: '20' },
    pgbench: { type: 'boolean', default: false },
    // Embedded PostgreSQL only: load pg_stat_statements and print where the database time went, per purchase.
    'pg-stats': { type: 'boolean', default: false },
    // Write a V8 CPU profile of each server process into this directory (node --cpu-prof).
    'server-prof': { type: 'string' },
    // External DATABASE_URL only: keep the bench database afterwards (to EXPLAIN its queries) and print its URL.
    keep: { type: 'boolean', default: false },
    // Drive a running shop at this loopback URL (a load balancer) instead of starting servers; DATABASE_URL must
    // then be that shop's own database (the members and the pack are added to it, and it is kept).
    target: { type: 'string' },
  },
});
const TARGET = opt.target ? new URL(opt.target) : null;
if (TARGET && !/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(TARGET.hostname)) {
  throw new Error(`--target must be a loopback URL (127.x, localhost, [::1]), not ${TARGET.hostname}`);
}
if (TARGET && !process.env.DATABASE_URL) throw new Error("--target needs DATABASE_URL: the target shop's database");
const INSTANCES = Math.max(1, Math.min(4, Number(opt.instances)));
const COUNT = Number(opt.count);
const CONCURRENCY = Number(opt.concurrency);
const DURATION_S = Number(opt.duration);
const WARMUP_S = Number(opt.warmup);
const MAX_PURCHASES = Number(opt['max-purchases']);
const MEMBERS = Math.max(CONCURRENCY, Number(opt.members));
const TICKETS = opt.tickets ? Number(opt.tickets) : Math.min(2_000_000, Math.max(200_000, COUNT * 60_000));
const PRICE = 100;
const PASS = 'bench1234';
const log = (...a: unknown[]) => console.log(...a);

// ---------------------------------------------------------------- database: fresh, embedded or external
async function freshDatabase(): Promise<{ url: string; pgDir: string | null; cleanup: () => Promise<void> }> {
  const external = process.env.DATABASE_URL;
  if (external && TARGET) return { url: external, pgDir: null, cleanup: async () => {} };
  if (external) {
    const { url, drop } = await createServerDatabase(external, 'bench_');
    return { url, pgDir: null, cleanup: drop };
  }
  if (opt['pg-stats']) {
    process.env.EMBEDDED_PG_SETTINGS = `${process.env.EMBEDDED_PG_SETTINGS ?? ''} shared_preload_libraries=pg_stat_statements pg_stat_statements.track=all track_functions=all`;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'oripa-bench-'));
  spawnSync('chmod', ['755', dir]);
  const embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: false });
  return {
    url: embedded.url,
    pgDir: path.join(dir, 'pg'),
    cleanup: async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- CPU accounting
// The machine may be shared, so wall-clock throughput alone can mislead: the bench also reports the CPU time the
// servers, PostgreSQL and the load generator spent per purchase (from /proc), which does not depend on other load.
const CLK_TCK = 100;
function procStats(): Map<number, { ppid: number; ticks: number }> {
  const out = new Map<number, { ppid: number; ticks: number }>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(name), { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) });
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}
function cpuMs(serverPids: number[], postmaster: number | null) {
  const all = procStats();
  const sum = (pred: (pid: number, ppid: number) => boolean) =>
    [...all].filter(([pid, v]) => pred(pid, v.ppid)).reduce((s, [, v]) => s + v.ticks, 0) * (1000 / CLK_TCK);
  const client = process.cpuUsage();
  return {
    servers: sum((pid) => serverPids.includes(pid)),
    postgres: postmaster ? sum((pid, ppid) => pid === postmaster || ppid === postmaster) : NaN,
    client: (client.user + client.system) / 1000,
  };
}
const postmasterPid = (pgDir: string | null) =>
  pgDir && existsSync(path.join(pgDir, 'postmaster.pid'))
    ? Number(readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    : null;

// ---------------------------------------------------------------- audit
async function audit(url: string, packId: number, okPurchases: number, okCards: number) {
  const { checks, sold } = await stockAndLedgerChecks(url, packId, TICKETS, PRICE);
  checks.push([
    'client saw every purchase the db holds',
    okPurchases === sold.purchases && okCards === sold.cards,
    `${okPurchases} purchases, ${okCards} cards`,
  ]);
  return printChecks(checks, log);
}

// ---------------------------------------------------------------- --pg-stats: database time per statement
async function pgStatsReset(url: string) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('SELECT pg_stat_statements_reset()');
  await c.end();
}
async function pgStatsReport(url: string, purchases: number) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const { rows } = await c.query<{ calls: number; ms: number; query: string; top: boolean }>(
    `SELECT calls::bigint AS calls, total_exec_time AS ms, toplevel AS top, regexp_replace(query, '\\s+', ' ', 'g') AS query
     FROM pg_stat_statements ORDER BY total_exec_time DESC LIMIT 15`,
  );
  await c.end();
  log('  database execution time per purchase (pg_stat_statements, track=all; nested statements marked ·):');
  for (const r of rows) {
    log(
      `    ${(r.ms / purchases).toFixed(3)} ms  ${(Number(r.calls) / purchases).toFixed(2)} calls  ${r.top ? ' ' : '·'} ${r.query.slice(0, 110)}`,
    );
  }
}

// ---------------------------------------------------------------- pgbench baseline: one hot row, 64 clients
function pgbenchBaseline(url: string) {
  const u = new URL(url);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password) };
  const base = ['-h', u.hostname, '-p', u.port || '5432', '-U', decodeURIComponent(u.username), u.pathname.slice(1)];
  const setup = spawnSync(
    'psql',
    [
      ...base,
      '-qc',
      'CREATE TABLE IF NOT EXISTS bench_hot (id int PRIMARY KEY, n bigint); INSERT INTO bench_hot VALUES (1, 0) ON CONFLICT DO NOTHING',
    ],
    { env },
  );
  if (setup.error) return log('  pgbench: psql not available, skipped');
  const file = path.join(tmpdir(), `hot-${process.pid}.sql`);
  writeFileSync(file, 'UPDATE bench_hot SET n = n + 1 WHERE id = 1;\n');
  for (const clients of [64, 1]) {
    const r = spawnSync('pgbench', ['-n', '-f', file, '-c', String(clients), '-j', '2', '-T', '10', ...base], {
      env,
      encoding: 'utf8',
    });
    if (r.error) return log('  pgbench not installed, skipped (STACK.md baseline: ~1,350 tx/s with 64 clients)');
    const tps = /tps = ([\d.]+)/.exec(r.stdout)?.[1];
    log(`  pgbench one hot row, ${clients} clients, 10 s: ${tps ?? '?'} tx/s`);
  }
}

// ---------------------------------------------------------------- main
const { url, pgDir, cleanup } = await freshDatabase();
const servers: ChildProcess[] = [];
let ok = false;
try {
  log(`preparing: ${MEMBERS} members, one pack of ${TICKETS} tickets at ${PRICE} pt …`);
  const { packId, mails } = await prepare(url, {
    members: MEMBERS,
    tickets: TICKETS,
    price: PRICE,
    pass: PASS,
    pgStats: opt['pg-stats'],
    // A running shop's database may hold an earlier run's bench members.
    mailPrefix: TARGET ? `bench-${randomBytes(3).toString('hex')}-` : undefined,
  });
  const ports: number[] = [];
  for (let i = 0; i < (TARGET ? 0 : INSTANCES); i++) {
    const s = await startServer(url, { pool: opt.pool, profDir: opt['server-prof'] });
    servers.push(s.proc);
    ports.push(s.port);
  }
  const host = TARGET ? TARGET.hostname.replace(/^\[|\]$/g, '') : '127.0.0.1';
  if (TARGET) ports.push(Number(TARGET.port || 80));
  log(
    TARGET
      ? `target: ${TARGET.origin}; logging ${MEMBERS} members in …`
      : `servers: ${INSTANCES} on ports ${ports.join(', ')}; logging ${MEMBERS} members in …`,
  );
  const buyers = mails.map((_, i) => new Buyer(ports[i % ports.length]!, host));
  await logInAll(buyers, mails, PASS);

  log(`driving: ${CONCURRENCY} concurrent buyers, ${COUNT}-draw purchases, ${WARMUP_S} s warm-up + ${DURATION_S} s …`);
  const latencies: number[] = [];
  const buyLatencies: number[] = [];
  const errors = new Map<string, number>();
  let purchases = 0;
  let cards = 0;
  let measuredPurchases = 0;
  let measuredCards = 0;
  const start = performance.now();
  const measureFrom = start + WARMUP_S * 1000;
  const stopAt = measureFrom + DURATION_S * 1000;
  const serverPids = servers.map((p) => p.pid!);
  const postmaster = postmasterPid(pgDir);
  let cpuStart: ReturnType<typeof cpuMs> | null = null;
  let cpuEnd: ReturnType<typeof cpuMs> | null = null;
  const t1 = setTimeout(() => {
    cpuStart = cpuMs(serverPids, postmaster);
    if (opt['pg-stats']) void pgStatsReset(url);
  }, WARMUP_S * 1000);
  const t2 = setTimeout(() => (cpuEnd = cpuMs(serverPids, postmaster)), (WARMUP_S + DURATION_S) * 1000);
  const worker = async (w: number) => {
    const mine = buyers.filter((_, i) => i % CONCURRENCY === w);
    // One keep-alive connection per worker and server port (buyers are spread over the ports round-robin).
    const conns = new Map<number, RawConnection>();
    const connFor = (port: number) => conns.get(port) ?? conns.set(port, new RawConnection(port, host)).get(port)!;
    const checkJson = JSON.stringify({ pack_id: packId, count: COUNT });
    for (let n = 0; performance.now() < stopAt && purchases < MAX_PURCHASES; n++) {
      const b = mine[n % mine.length]!;
      const t0 = performance.now();
      const conn = connFor(b.port);
      const check = await conn.post(b, '/user/pack/check', checkJson);
      if (check.state !== 200) {
        errors.set(
          `check ${check.state} ${check.reason ?? ''}`,
          (errors.get(`check ${check.state} ${check.reason ?? ''}`) ?? 0) + 1,
        );
        continue;
      }
      const t1 = performance.now();
      const buy = await conn.post(b, '/user/pack/buy', JSON.stringify({ token: check.token }));
      const t2 = performance.now();
      if (buy.state !== 200) {
        errors.set(
          `buy ${buy.state} ${buy.reason ?? ''}`,
          (errors.get(`buy ${buy.state} ${buy.reason ?? ''}`) ?? 0) + 1,
        );
        continue;
      }
      const got = (buy.cards as unknown[]).length;
      purchases++;
      cards += got;
      if (t0 >= measureFrom && t2 <= stopAt) {
        measuredPurchases++;
        measuredCards += got;
        latencies.push(t2 - t0);
        buyLatencies.push(t2 - t1);
      }
    }
    for (const c of conns.values()) c.close();
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, (_, w) => worker(w)));
  clearTimeout(t1);
  clearTimeout(t2);
  const seconds = DURATION_S;
  latencies.sort((a, b) => a - b);
  buyLatencies.sort((a, b) => a - b);
  const errorCount = [...errors.values()].reduce((s, n) => s + n, 0);
  log('');
  log(
    `results (${TARGET ? TARGET.origin : `${INSTANCES} instance(s)`}, ${CONCURRENCY} buyers, ${COUNT}-draws, measured ${seconds} s after warm-up):`,
  );
  log(`  purchases/s: ${(measuredPurchases / seconds).toFixed(0)}   cards/s: ${(measuredCards / seconds).toFixed(0)}`);
  log(
    `  purchase latency (check+buy) ms: p50 ${pct(latencies, 50).toFixed(1)}  p95 ${pct(latencies, 95).toFixed(1)}  p99 ${pct(latencies, 99).toFixed(1)}  max ${(latencies.at(-1) ?? 0).toFixed(1)}`,
  );
  log(
    `  buy call latency ms:             p50 ${pct(buyLatencies, 50).toFixed(1)}  p95 ${pct(buyLatencies, 95).toFixed(1)}  p99 ${pct(buyLatencies, 99).toFixed(1)}`,
  );
  // A --target shop's processes are not ours to find, so its CPU time is unknown.
  if (TARGET) log('  CPU ms per purchase: n/a (--target: the shop runs elsewhere)');
  else if (cpuStart && cpuEnd && measuredPurchases > 0) {
    const a = cpuStart as ReturnType<typeof cpuMs>;
    const b = cpuEnd as ReturnType<typeof cpuMs>;
    const per = (k: 'servers' | 'postgres' | 'client') => (b[k] - a[k]) / measuredPurchases;
    // An external PostgreSQL's processes are not ours to find: its share is then unknown, and so is the ceiling.
    const pgKnown = Number.isFinite(per('postgres'));
    const total = per('servers') + (pgKnown ? per('postgres') : 0) + per('client');
    log(
      `  CPU ms per purchase: servers ${per('servers').toFixed(2)}  postgres ${pgKnown ? per('postgres').toFixed(2) : 'n/a (external server)'}  load generator ${per('client').toFixed(2)}${pgKnown ? `  (sum ${total.toFixed(2)})` : ''}`,
    );
    if (pgKnown) {
      log(
        `  => CPU-bound ceiling on ${cpus().length} idle cores: ~${((cpus().length * 1000) / total).toFixed(0)} purchases/s`,
      );
    }
    log(
      `  machine load average during the run: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  }
  log(`  errors: ${errorCount}${errorCount ? ' ' + JSON.stringify(Object.fromEntries(errors)) : ''}`);
  log(
    `  total incl. warm-up: ${purchases} purchases, ${cards} cards in ${((performance.now() - start) / 1000).toFixed(1)} s`,
  );
  if (opt['pg-stats']) await pgStatsReport(url, measuredPurchases);
  log('audit:');
  ok = (await audit(url, packId, purchases, cards)) && errorCount === 0;
  if (opt.pgbench) pgbenchBaseline(url);
} finally {
  for (const s of servers) s.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((r) => (s.exitCode !== null ? r(null) : s.once('exit', r)))));
  if (opt.keep && !pgDir) log(`kept the database: ${url}`);
  else await cleanup();
}
log(ok ? '\nverdict: OK' : '\nverdict: FAILED');
process.exit(ok ? 0 : 1);
