/**
 * What each call of a drop costs a shop instance in CPU (issue 22 §5, ADR 0057): one instance on a fresh database,
 * N members each making one call of a kind at a time, C in flight; the instance's CPU seconds (/proc) before and
 * after each kind, divided by its calls. Unlike `npm run bench:launch`'s mixed figure, this says which call to make
 * cheaper, and it holds on a busy machine (CPU time, not wall time; a busy machine still inflates it somewhat).
 *
 *   npx tsx scripts/measure-drop-calls.ts                       # 2,000 members, 32 in flight, embedded PostgreSQL
 *   npx tsx scripts/measure-drop-calls.ts --members 4000 --rounds 3
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/measure-drop-calls.ts
 */
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import type { ChildProcess } from 'node:child_process';
import { benchDatabase } from './lib/bench-database.ts';
import { altchaPayload, makeDrop, sessionsFor, setStart } from './lib/bench-drop.ts';
import { formBody, pct, rawRequest, RawPool, type CsrfPair } from './lib/bench-client.ts';
import { cpuSeconds } from './lib/cpu-split.ts';
import { prepare, startServer } from './lib/bench-shop.ts';

const { values: opt } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    concurrency: { type: 'string', default: '32' },
    // Status calls per member in each measured status phase.
    rounds: { type: 'string', default: '2' },
    pool: { type: 'string', default: '10' },
  },
});
const N = Math.max(50, Number(opt.members));
const C = Math.max(1, Number(opt.concurrency));
const ROUNDS = Math.max(1, Number(opt.rounds));
const log = (...a: unknown[]) => console.log(...a);

interface Member {
  sid: string;
  csrf: CsrfPair | null;
  address: string;
}
type Env = Record<string, unknown> | null;

const sockets = new RawPool();
let port = 0;

async function call(m: Member, method: 'GET' | 'POST', p: string, params?: unknown): Promise<{ env: Env; ms: number }> {
  const raw = rawRequest(
    method,
    p,
    m.sid,
    method === 'POST' ? formBody(m.csrf, JSON.stringify(params ?? {})) : undefined,
  );
  const t0 = performance.now();
  const r = await sockets.request(port, m.address, raw, 30_000);
  const ms = performance.now() - t0;
  let env: Env = null;
  try {
    env = JSON.parse(r.body) as Env;
  } catch {
    // counted as a failure by the phase
  }
  if (env?.csrf) m.csrf = env.csrf as CsrfPair;
  return { env, ms };
}

/** Runs `one` for every member `rounds` times, C at a time, and prints the instance's CPU per call. */
async function phase(
  name: string,
  server: ChildProcess,
  members: Member[],
  one: (m: Member, i: number) => Promise<{ env: Env; ms: number }>,
  expect: (env: Env) => boolean,
  rounds = 1,
) {
  const jobs = Array.from({ length: members.length * rounds }, (_, k) => k % members.length);
  const cpu0 = cpuSeconds([server.pid!]).servers[0]!;
  const t0 = performance.now();
  const ms: number[] = [];
  let failed = 0;
  let firstFailure = '';
  let next = 0;
  await Promise.all(
    Array.from({ length: C }, async () => {
      while (next < jobs.length) {
        const i = jobs[next++]!;
        const r = await one(members[i]!, i);
        ms.push(r.ms);
        if (!expect(r.env)) {
          failed++;
          firstFailure ||= String(r.env?.reason ?? r.env?.state);
        }
      }
    }),
  );
  const wall = (performance.now() - t0) / 1000;
  const cpu = cpuSeconds([server.pid!]).servers[0]! - cpu0;
  ms.sort((a, b) => a - b);
  log(
    `${name.padEnd(28)} ${String(jobs.length).padStart(6)} calls  instance CPU ${((1000 * cpu) / jobs.length).toFixed(3)} ms a call  ` +
      `(${(jobs.length / wall).toFixed(0)} calls/s, p50 ${pct(ms, 50).toFixed(1)} ms, p99 ${pct(ms, 99).toFixed(1)} ms` +
      `${failed ? `, ${failed} unexpected replies, the first ${firstFailure}` : ''})`,
  );
}

const { url, cleanup } = await benchDatabase('dropcalls_');
let server: ChildProcess | null = null;
try {
  log(`preparing: ${N} members, a drop whose pre-queue is open …`);
  const farStart = new Date(Date.now() + 86_400_000);
  const { packId, mails } = await prepare(url, {
    members: N,
    tickets: N * 3,
    price: 100,
    pass: 'bench1234',
    startDate: farStart,
    maxBuyCount: 3,
    cards: [
      { rank: 'S', name: 'Calls S', imageUrl: '/s.svg', setCount: 1, rarity: 3, buyPoint: 100_000 },
      { rank: 'C', name: 'Calls C', imageUrl: '/c.svg', setCount: N * 3 - 1, rarity: 0, buyPoint: 30 },
    ],
  });
  // Everyone is admitted within seconds of the start (the settings allow 100,000 a minute), so check and buy follow.
  await makeDrop(url, packId, Math.min(100_000, N * 60), 30);
  await setStart(url, packId, new Date(Date.now() + 10 * 60_000));
  const sessions = await sessionsFor(url, mails);
  const members: Member[] = mails.map((mail, i) => ({
    sid: sessions.get(mail)!.sid,
    csrf: null,
    address: `127.0.0.${2 + (i % 250)}`,
  }));
  const s = await startServer(url, {
    pool: opt.pool,
    env: {
      DROP_POW_MAX_NUMBER: '2000',
      DROP_JOINS_PER_ADDRESS_PER_MINUTE: String(N),
      DROP_STATUS_PER_ADDRESS_PER_MINUTE: String(N * 20),
    },
  });
  server = s.proc;
  port = s.port;
  log(`instance on port ${port}, ${C} calls in flight; load average (1 min) ${loadavg()[0]!.toFixed(1)}`);
  const status = (m: Member) => call(m, 'GET', `/user/pack/drop/${packId}`);
  const ok = (env: Env) => env?.state === 200;
  // Warm-up (JIT, pools, caches): not counted.
  await phase('warm-up (status, outside)', server, members, status, ok);
  await phase('status, outside the queue', server, members, status, ok, ROUNDS);
  const challenges: Record<string, unknown>[] = [];
  await phase(
    'challenge',
    server,
    members,
    async (m, i) => {
      const r = await call(m, 'GET', `/user/pack/drop/${packId}/challenge`);
      challenges[i] = r.env?.challenge as Record<string, unknown>;
      return r;
    },
    ok,
  );
  // Solved before the join phase, so the generator's hashing is not inside it.
  const payloads = challenges.map((c) => altchaPayload(c as unknown as Parameters<typeof altchaPayload>[0]));
  await phase(
    'join (pre-queue)',
    server,
    members,
    (m, i) => call(m, 'POST', '/user/pack/drop/join', { pack_id: packId, altcha: payloads[i] }),
    (env) => env?.queue_state === 'prequeue',
  );
  await phase('status, in the pre-queue', server, members, status, (e) => e?.queue_state === 'prequeue', ROUNDS);
  await phase(
    'check refused (before start)',
    server,
    members,
    (m) => call(m, 'POST', '/user/pack/check', { pack_id: packId, count: 1 }),
    // Before the start the sale rules refuse it first (before_start); after it, the admission (drop_not_admitted).
    (env) => env?.reason === 'before_start' || env?.reason === 'drop_not_admitted',
  );
  await setStart(url, packId, new Date(Date.now() - 1000));
  await new Promise((r) => setTimeout(r, 3000)); // the instance's copy of the drop row is at most a second old
  await phase('status, placed (1st: shuffle)', server, members, status, (e) => e?.place != null, ROUNDS);
  const tokens: string[] = [];
  await phase(
    'check (admitted)',
    server,
    members,
    async (m, i) => {
      const r = await call(m, 'POST', '/user/pack/check', { pack_id: packId, count: 1 });
      tokens[i] = String(r.env?.token ?? '');
      return r;
    },
    ok,
  );
  await phase('buy', server, members, (m, i) => call(m, 'POST', '/user/pack/buy', { token: tokens[i] }), ok);
  log(`load average (1 min) ${loadavg()[0]!.toFixed(1)} at the end`);
} finally {
  sockets.close();
  server?.kill('SIGTERM');
  await cleanup();
}
