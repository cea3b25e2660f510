/**
 * Launch-day benchmark of a drop (issue 22 §5): two shop instances on one PostgreSQL, a pack sold through the
 * waiting room, visitors joining the pre-queue at random times before the start, late arrivals after it, members
 * refreshing, and bots that skip the page and its proof-of-work or hammer the API. Prints one line, then the audit.
 *
 *   npm run bench:launch                                   # 300 visitors, two instances, embedded PostgreSQL
 *   npm run bench:launch -- --visitors 20000 --prequeue 120   # the goal: run it with nothing else on the
 *                                                             # machine (its figures are CPU-bound; ADR 0057)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:launch   # a fresh db on that server
 *
 * The shape of `npm run deploy:local` without nginx: the script balances itself (nginx would cost every call a
 * second socket hop on the same two cores), each visitor talking to the instances in turn (round robin per
 * request), as nginx's upstream would. Visitors
 * send from 250 loopback addresses (127.0.0.2-251, bots from 127.0.1.x) so the per-address budgets see many
 * clients. Honest visitors poll as the page does: when the last reply's `poll_ms` says (ADR 0053); refreshers
 * reload the page (one status call) every 8-12 s whatever it said. They solve the ALTCHA challenge with
 * node:crypto (what the page's solver does on the visitor's device); the difficulty is lowered to
 * DROP_POW_MAX_NUMBER=2000 so the load generator does not spend the machine it measures on work that, in a real
 * launch, thousands of phones do. The clients share raw keep-alive sockets (RawPool), not one node:http agent
 * request each, for the same reason. The CPU split between generator, instances and PostgreSQL is printed.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { printChecks, stockAndLedgerChecks } from './lib/bench-audit.ts';
import { formBody, pct, rawRequest, RawPool, type CsrfPair } from './lib/bench-client.ts';
import { cpuSeconds, cpuSplitLine } from './lib/cpu-split.ts';
import { prepare, startServer } from './lib/bench-shop.ts';
import { spearman } from './lib/rank-correlation.ts';
import { benchDatabase } from './lib/bench-database.ts';
import { altchaPayload, makeDrop, sessionsFor, setStart } from './lib/bench-drop.ts';

const { values: opt } = parseArgs({
  options: {
    visitors: { type: 'string', default: '300' },
    // The share of visitors that are bots (half skip the page and its proof-of-work, half hammer the API).
    'bot-share': { type: 'string', default: '0.1' },
    // Calls a second per bot: 1 is twenty times a waiting page's (which polls every 2-30 s, ADR 0053).
    'bot-rate': { type: 'string', default: '1' },
    // Seconds from the start of the run to the sale start: the pre-queue arrivals come in this time.
    prequeue: { type: 'string', default: '40' },
    // Seconds after the start during which the late arrivals come.
    late: { type: 'string', default: '20' },
    pool: { type: 'string', default: '10' },
    // Write V8 CPU profiles of both instances into this directory (node --cpu-prof; open in Chrome DevTools).
    prof: { type: 'string' },
  },
});
const VISITORS = Math.max(10, Number(opt.visitors));
const BOTS = Math.round(VISITORS * Number(opt['bot-share']));
const BOT_PAUSE_MS = 1000 / Math.max(0.01, Number(opt['bot-rate']));
const HONEST = VISITORS - BOTS;
const PRE_S = Number(opt.prequeue);
const LATE_S = Number(opt.late);
const LATE_SHARE = 0.2;
const REFRESH_SHARE = 0.2;
// Everyone honest is admitted within about two minutes of the start.
const ADMIT_PER_MINUTE = Math.max(1, Math.ceil(HONEST / 2));
const MAX_BUY = 3;
const TICKETS = Math.max(20, Math.round(HONEST * 1.5));
const PRICE = 100;
const POW_MAX = 2_000;
const log = (...a: unknown[]) => console.log(...a);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- the run
interface Tally {
  statusMs: number[];
  buyMs: number[];
  errors: Map<string, number>;
  admitted: number;
  botsAdmitted: number;
}
const tally: Tally = { statusMs: [], buyMs: [], errors: new Map(), admitted: 0, botsAdmitted: 0 };
const error = (what: string): void => void tally.errors.set(what, (tally.errors.get(what) ?? 0) + 1);

const sockets = new RawPool();
/** Every call the clients made (status, challenge, join, check, buy; honest and bots). */
let calls = 0;

/** A client that spreads its requests over the instances, as the balancer would. */
class Visitor {
  private n = 0;
  private csrf: CsrfPair | null = null;
  constructor(
    private readonly ports: number[],
    private readonly sid: string,
    private readonly address: string,
  ) {}
  async call(method: 'GET' | 'POST', p: string, params?: unknown) {
    const port = this.ports[this.n++ % this.ports.length]!;
    // Each instance signs its CSRF pair with the shared secret: any instance's pair is good on the others.
    const raw = rawRequest(
      method,
      p,
      this.sid,
      method === 'POST' ? formBody(this.csrf, JSON.stringify(params ?? {})) : undefined,
    );
    const t0 = performance.now();
    calls++;
    const r = await sockets.request(port, this.address, raw, 30_000);
    const ms = performance.now() - t0;
    let env: Record<string, unknown> | null = null;
    try {
      env = JSON.parse(r.body) as Record<string, unknown>;
    } catch {
      // not JSON: counted by the caller from env null
    }
    if (env?.csrf) this.csrf = env.csrf as CsrfPair;
    return { status: r.status, env, ms };
  }
}

async function honest(v: Visitor, packId: number, arriveAt: number, refresher: boolean, deadline: number) {
  await sleep(Math.max(0, arriveAt - Date.now()));
  const status = async () => {
    const r = await v.call('GET', `/user/pack/drop/${packId}`);
    tally.statusMs.push(r.ms);
    if (r.env?.state !== 200) error(`status ${r.status} ${String(r.env?.reason ?? '')}`);
    return r.env;
  };
  const join = async () => {
    const c = await v.call('GET', `/user/pack/drop/${packId}/challenge`);
    const ch = c.env?.challenge as
      { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number } | undefined;
    if (!ch) {
      error(`challenge ${c.status} ${String(c.env?.reason ?? '')}`);
      return null;
    }
    const altcha = altchaPayload(ch);
    const r = await v.call('POST', '/user/pack/drop/join', { pack_id: packId, altcha });
    if (r.env?.state !== 200) error(`join ${r.status} ${String(r.env?.reason ?? '')}`);
    return r.env;
  };
  let s = await status();
  s = (await join()) ?? s;
  let nextReload = Date.now() + 8_000 + Math.random() * 4_000;
  for (;;) {
    if (Date.now() > deadline) {
      error('gave up waiting');
      return;
    }
    if (s?.queue_state === 'admitted') break;
    if (s?.queue_state === 'expired') {
      error('admission lapsed');
      return;
    }
    // The page polls when the server said (poll_ms); a refresher reloads sooner, and the new page asks at once.
    let wait = Number(s?.poll_ms ?? 3_000);
    if (refresher) wait = Math.min(wait, Math.max(0, nextReload - Date.now()));
    await sleep(wait);
    if (refresher && Date.now() >= nextReload) nextReload = Date.now() + 8_000 + Math.random() * 4_000;
    s = await status();
    // Not in the queue after all (the join failed): the member reloads, and the page joins again.
    if (s?.queue_state === 'outside') s = (await join()) ?? s;
  }
  tally.admitted++;
  const check = await v.call('POST', '/user/pack/check', {
    pack_id: packId,
    count: 1 + Math.floor(Math.random() * MAX_BUY),
  });
  const reason = String(check.env?.reason ?? '');
  if (check.env?.state !== 200) {
    if (reason !== 'sold_out' && reason !== 'insufficient_stock') error(`check ${check.status} ${reason}`);
    return;
  }
  const buy = await v.call('POST', '/user/pack/buy', { token: check.env.token });
  tally.buyMs.push(buy.ms);
  const buyReason = String(buy.env?.reason ?? '');
  if (buy.env?.state !== 200 && buyReason !== 'sold_out' && buyReason !== 'insufficient_stock') {
    error(`buy ${buy.status} ${buyReason}`);
  }
}

/** A bot: skips the page (no challenge solved) and goes for the sale, or hammers the status and the join. */
async function bot(v: Visitor, packId: number, kind: 'skip' | 'hammer', startAt: number, until: number) {
  await sleep(Math.max(0, startAt - 5_000 - Date.now()));
  let admitted = false;
  while (Date.now() < until && !admitted) {
    if (kind === 'skip') {
      const check = await v.call('POST', '/user/pack/check', { pack_id: packId, count: MAX_BUY });
      if (check.env?.state === 200) {
        admitted = true;
        await v.call('POST', '/user/pack/buy', { token: check.env.token });
      }
      await sleep(BOT_PAUSE_MS);
    } else {
      await v.call('POST', '/user/pack/drop/join', { pack_id: packId, altcha: randomBytes(60).toString('base64') });
      // Two calls per pause (--bot-rate a second): the budgets answer 429 once the minute's are used.
      const s = await v.call('GET', `/user/pack/drop/${packId}`);
      if (s.env?.queue_state === 'admitted') admitted = true;
      await sleep(2 * BOT_PAUSE_MS);
    }
  }
  if (admitted) tally.botsAdmitted++;
}

const { url, cleanup } = await benchDatabase('launch_');
const servers: ChildProcess[] = [];
let ok = false;
try {
  // Set once the servers are up (preparing takes a while on a busy machine): a day ahead until then.
  let startAt = Date.now() + 86_400_000;
  log(
    `preparing: ${VISITORS} visitors (${BOTS} bots), a drop of ${TICKETS} tickets, ${ADMIT_PER_MINUTE} admitted a minute …`,
  );
  const { packId, mails } = await prepare(url, {
    members: VISITORS,
    tickets: TICKETS,
    price: PRICE,
    pass: 'bench1234',
    startDate: new Date(startAt),
    maxBuyCount: MAX_BUY,
    cards: [
      { rank: 'S', name: 'Launch S', imageUrl: '/s.svg', setCount: 1, rarity: 3, buyPoint: 100_000 },
      { rank: 'A', name: 'Launch A', imageUrl: '/a.svg', setCount: 4, rarity: 2, buyPoint: 5_000 },
      { rank: 'B', name: 'Launch B', imageUrl: '/b.svg', setCount: 10, rarity: 1, buyPoint: 500 },
      { rank: 'C', name: 'Launch C', imageUrl: '/c.svg', setCount: TICKETS - 15, rarity: 0, buyPoint: 30 },
    ],
  });
  await makeDrop(url, packId, ADMIT_PER_MINUTE);
  const sessions = await sessionsFor(url, mails);
  const env = {
    DROP_POW_MAX_NUMBER: String(POW_MAX),
    DROP_JOINS_PER_ADDRESS_PER_MINUTE: String(Math.max(60, Math.ceil(VISITORS / 250) * 6)),
    DROP_STATUS_PER_ADDRESS_PER_MINUTE: String(Math.max(3000, Math.ceil(VISITORS / 250) * 120)),
  };
  const ports: number[] = [];
  for (let i = 0; i < 2; i++) {
    const s = await startServer(url, {
      pool: opt.pool,
      env: { ...env, JOBS: i === 0 ? '1' : '0' },
      ...(opt.prof ? { profDir: opt.prof } : {}),
    });
    servers.push(s.proc);
    ports.push(s.port);
  }
  log(`servers: 2 on ports ${ports.join(', ')}, balanced by this script (no nginx hop)`);
  startAt = Date.now() + (PRE_S + 5) * 1000;
  await setStart(url, packId, new Date(startAt));
  const now = Date.now();
  const cpu0 = cpuSeconds(servers.map((x) => x.pid!));
  const load0 = loadavg()[0]!;
  const preEnd = startAt - 5_000;
  const deadline = startAt + (Math.ceil(HONEST / ADMIT_PER_MINUTE) + 1) * 60_000 + LATE_S * 1000;
  log(
    `driving: pre-queue arrivals over ${((preEnd - now) / 1000).toFixed(0)} s, the start, late arrivals over ${LATE_S} s …`,
  );
  const runs: Promise<void>[] = [];
  mails.forEach((mail, i) => {
    const s = sessions.get(mail)!;
    // Bots send from addresses of their own (127.0.1.x): a bot behind a member's address spends that address's
    // budget too, which the per-address limit means, but would count as the member's error here.
    const v = new Visitor(ports, s.sid, `127.0.${i < BOTS ? 1 : 0}.${2 + (i % 250)}`);
    if (i < BOTS) {
      runs.push(bot(v, packId, i % 2 ? 'hammer' : 'skip', startAt, startAt + 60_000));
      return;
    }
    const late = Math.random() < LATE_SHARE;
    const arriveAt = late ? startAt + Math.random() * LATE_S * 1000 : now + Math.random() * (preEnd - now);
    runs.push(honest(v, packId, arriveAt, Math.random() < REFRESH_SHARE, deadline));
  });
  await Promise.all(runs.map((r) => r.catch((e: Error) => error(`client ${e.message}`))));
  const cpu1 = cpuSeconds(servers.map((x) => x.pid!));
  const cpuLine = cpuSplitLine(cpu0, cpu1, (Date.now() - now) / 1000);
  // What a call costs the instances in CPU, whatever else ran on the machine: the capacity figure.
  const serverCpuS = cpu1.servers.reduce((x, y) => x + y, 0) - cpu0.servers.reduce((x, y) => x + y, 0);
  const perCall = `${calls} calls; instance CPU per call ${((1000 * serverCpuS) / Math.max(1, calls)).toFixed(2)} ms, load generator CPU per call ${((1000 * (cpu1.generator - cpu0.generator)) / Math.max(1, calls)).toFixed(2)} ms`;
  const loadLine = `load average (1 min) ${load0.toFixed(1)} at the start of the drive, ${loadavg()[0]!.toFixed(1)} at its end`;
  sockets.close();

  // Arrival order against admission order over the pre-queue only (the late arrivals' places follow their arrival by
  // rule): when the server took each pre-queue join (joined_at, the shop clock) against the place the shuffle gave
  // it, every pre-queue entry in the database, ties in the millisecond given their average rank.
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const { rows } = await pool.query<{ at: string; place: number }>(
    `SELECT (extract(epoch FROM joined_at) * 1000)::float8 AS at, place
     FROM drop_queue WHERE pack_id = $1 AND prequeue AND place IS NOT NULL`,
    [packId],
  );
  const { rows: botRows } = await pool.query<{ n: string }>(
    `SELECT count(*) AS n FROM drop_queue WHERE pack_id = $1 AND member_id = ANY($2::bigint[])`,
    [packId, mails.slice(0, BOTS).map((m) => sessions.get(m)!.id)],
  );
  await pool.end();
  const r = spearman(
    rows.map((x) => Number(x.at)),
    rows.map((x) => x.place),
  );
  const { checks, sold } = await stockAndLedgerChecks(url, packId, TICKETS, PRICE);
  const drawn = (await (async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    const n = Number((await c.query('SELECT drawn FROM pack_stock WHERE pack_id = $1', [packId])).rows[0].drawn);
    await c.end();
    return n;
  })()) as number;
  const errors = [...tally.errors.values()].reduce((s, n) => s + n, 0);
  tally.statusMs.sort((a, b) => a - b);
  tally.buyMs.sort((a, b) => a - b);
  checks.push(['no bot holds a place in the queue', Number(botRows[0]!.n) === 0, `${botRows[0]!.n} bots queued`]);
  log('');
  log(
    `launch: visitors ${VISITORS}, bots ${BOTS}, admitted ${tally.admitted}, bots admitted ${tally.botsAdmitted}, ` +
      `sold ${drawn} of ${TICKETS}, oversold ${Math.max(0, drawn - TICKETS)}, errors ${errors}, ` +
      `p99 status ms ${pct(tally.statusMs, 99).toFixed(1)}, p99 buy ms ${pct(tally.buyMs, 99).toFixed(1)}, ` +
      `arrival-order correlation ${r.toFixed(3)}`,
  );
  if (errors) log(`  errors: ${JSON.stringify(Object.fromEntries(tally.errors))}`);
  log(
    `  ${sold.purchases} purchases; ${tally.statusMs.length} status calls; ${rows.length} pre-queue entries ranked for R`,
  );
  log(`  ${cpuLine}`);
  log(`  ${perCall}`);
  log(`  ${loadLine}`);
  log('audit:');
  ok = printChecks(checks, log) && errors === 0 && tally.botsAdmitted === 0;
} finally {
  for (const s of servers) s.kill('SIGTERM');
  await Promise.all(servers.map((s) => new Promise((res) => (s.exitCode !== null ? res(null) : s.once('exit', res)))));
  await cleanup();
}
log(ok ? '\nverdict: OK' : '\nverdict: FAILED');
process.exit(ok ? 0 : 1);
