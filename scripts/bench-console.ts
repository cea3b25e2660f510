/**
 * The operator console at scale (issue 21): seeds a shop of the issue's size straight into a fresh database
 * (bench-console/seed.ts: set-based SQL, minutes not hours), starts a real server in production mode, signs in as
 * an owner through the real steps (password, TOTP setup, first code), then times every console list, search, the
 * dashboard, the reports and each export over the real API, several runs each, and prints p50/p95 per call.
 *
 *   npm run bench:console                                   # 100,000 members, 1,000,000 purchases (+ payments, parcels)
 *   npm run bench:console -- --members 10000 --purchases 100000   # a quick run
 *   npm run bench:console -- --runs 20                     # more runs per call (default 10, after one warm-up)
 *   npm run bench:console -- --master-cards 50000          # a larger card master (default 10,000) for the picker
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:console   # a fresh db on that server
 *   DATABASE_URL=… npm run bench:console -- --keep          # keep the database afterwards (to EXPLAIN its queries)
 *
 * Without DATABASE_URL it runs an embedded PostgreSQL in a temporary directory. Exports are timed to their last
 * byte (and to their first: they stream). The last line is `console: slowest p95 X ms (<route>)`.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { connectDatabase } from '../apps/server/src/db/database.ts';
import { insertStaff } from '../apps/server/src/db/queries/staff.ts';
import { totpCode } from '../apps/server/src/services/admin/totp.ts';
import { hashPassword } from '../apps/server/src/services/passwords.ts';
import { ApiClient } from '../apps/server/test/api-client.ts';
import { seedConsoleDatabase, type ConsoleSeed } from './bench-console/seed.ts';
import { startServer } from './lib/bench-shop.ts';
import { benchDatabase } from './lib/bench-database.ts';

const { values: opt } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    purchases: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '365' },
    runs: { type: 'string', default: '10' },
    keep: { type: 'boolean', default: false },
    'master-cards': { type: 'string', default: '10000' },
  },
});
const RUNS = Math.max(2, Number(opt.runs));
const log = (...a: unknown[]) => console.log(...a);

const STAFF_MAIL = 'bench.owner@staff.example';
const STAFF_PASS = 'bench owner password';

/** An owner with a password, signed in through the console's steps: password, TOTP setup, first code. */
async function signIn(url: string, base: string): Promise<ApiClient> {
  const db = connectDatabase(url, 1);
  try {
    await insertStaff(db.pool, {
      mail: STAFF_MAIL,
      name: 'Bench owner',
      role: 'owner',
      passHash: await hashPassword(STAFF_PASS),
      createdBy: null,
    });
  } finally {
    await db.close();
  }
  const client = new ApiClient(base, 'ja');
  const login = await client.post('/admin/login', { mail: STAFF_MAIL, pass: STAFF_PASS });
  if (login.state !== 200) throw new Error(`staff login: ${JSON.stringify(login)}`);
  const setup = await client.post('/admin/totp/setup');
  if (setup.state !== 200) throw new Error(`totp setup: ${JSON.stringify(setup)}`);
  const enabled = await client.post('/admin/totp/enable', { code: await totpCode(setup.secret as string, new Date()) });
  if (enabled.state !== 200) throw new Error(`totp enable: ${JSON.stringify(enabled)}`);
  return client;
}

interface Call {
  label: string;
  path: string;
  /** A file: timed to its first byte too. */
  file?: boolean;
}

function calls(s: ConsoleSeed): Call[] {
  const month = (back: number) => {
    const d = new Date(Date.now() + 9 * 3600_000);
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() - back);
    return d.toISOString().slice(0, 7);
  };
  const m = s.sample;
  const q = (v: string) => encodeURIComponent(v);
  return [
    { label: 'dashboard today', path: '/admin/dashboard?period=today' },
    { label: 'dashboard 7 days', path: '/admin/dashboard?period=7d' },
    { label: 'dashboard 30 days', path: '/admin/dashboard?period=30d' },
    { label: 'members, first page', path: '/admin/members' },
    { label: 'members, by balance', path: '/admin/members?sort=point_balance&dir=desc' },
    { label: 'members, page 2000', path: '/admin/members?page=2000' },
    { label: 'member search: full mail', path: `/admin/members?q=${q(m.mail)}` },
    { label: 'member search: id', path: `/admin/members?q=${m.memberId}` },
    { label: 'member search: phone', path: `/admin/members?q=${q(m.tel)}` },
    { label: 'member search: name', path: `/admin/members?q=${q(m.name)}` },
    { label: 'member search: part of a mail', path: '/admin/members?q=member1234' },
    { label: 'member', path: `/admin/members/${m.memberId}` },
    { label: 'member ledger', path: `/admin/members/${m.memberId}/ledger` },
    { label: 'payments, all', path: '/admin/payments' },
    { label: 'payments, transfers', path: '/admin/payments?view=transfers' },
    { label: 'payments, unpaid', path: '/admin/payments?view=unpaid' },
    { label: 'payments, failed', path: '/admin/payments?view=failed' },
    { label: 'payments, search: id', path: `/admin/payments?q=${q(m.paymentPublicId)}` },
    { label: 'payments, search: mail', path: `/admin/payments?q=${q(m.mail)}` },
    { label: 'payments, search: holder', path: `/admin/payments?q=${q('スズキ ハナコ')}` },
    { label: 'payments, by amount', path: '/admin/payments?sort=amount&dir=desc' },
    { label: 'shipments, all', path: '/admin/shipments' },
    { label: 'shipments, preparing', path: '/admin/shipments?status=preparing' },
    { label: 'shipments, shipped', path: '/admin/shipments?status=shipped' },
    { label: 'shipments, search: name', path: `/admin/shipments?q=${q(m.fullName)}` },
    { label: 'pick list, packed', path: '/admin/shipments/pick-list?status=packed' },
    { label: 'packs', path: '/admin/packs' },
    { label: 'pack', path: `/admin/packs/${s.packIds[0]}` },
    { label: 'cards', path: '/admin/cards' },
    // The pack editor's card picker (issue 21 item 6): 20 a page over the 10,000-card master.
    { label: 'card picker: first page', path: '/admin/cards?per_page=20' },
    { label: 'card picker: name (ja)', path: `/admin/cards?per_page=20&q=${q('紅蓮竜')}` },
    { label: 'card picker: name (en)', path: '/admin/cards?per_page=20&q=phoenix' },
    { label: 'card picker: model number', path: '/admin/cards?per_page=20&q=GX17-1' },
    { label: 'card picker: game+rarity+set', path: '/admin/cards?per_page=20&card_type=3&rarity=2&set=GX12' },
    { label: 'card picker: page 400', path: '/admin/cards?per_page=20&page=400' },
    { label: 'card picker: no match', path: `/admin/cards?per_page=20&q=${q('存在しない')}` },
    { label: 'audit log', path: '/admin/audit' },
    { label: 'staff', path: '/admin/staff' },
    { label: 'exchange orders', path: '/admin/programmes/exchange-orders' },
    { label: 'unused balance', path: '/admin/operations/unused-balance' },
    { label: 'export: sales, last month', path: `/admin/operations/export?month=${month(1)}&kind=sales`, file: true },
    {
      label: 'export: points, last month',
      path: `/admin/operations/export?month=${month(1)}&kind=points`,
      file: true,
    },
    {
      label: 'export: click post, packed',
      path: '/admin/shipments/export?status=packed&format=click_post',
      file: true,
    },
  ];
}

interface Timing {
  label: string;
  path: string;
  p50: number;
  p95: number;
  firstByteP50: number | null;
  bytes: number;
  note: string;
}

/**
 * A file as a browser downloads it: asking for gzip, timed to its last byte on the wire. Not through fetch, whose
 * gunzip (web streams over zlib) costs this client 400+ ms for 14 MB on the loaded bench machine where a browser's
 * native one takes tens: that would time the client, not the shop. A kept file goes gzipped (ADR 0054); the size
 * column is then what crossed the wire.
 */
function download(client: ApiClient, path: string) {
  return new Promise<{ ms: number; first: number; bytes: number; status: number; encoding: string | undefined }>(
    (resolve, reject) => {
      const started = performance.now();
      const req = http.get(
        `${client.baseUrl}/api${path}`,
        { headers: { cookie: client.cookieHeader(), 'accept-encoding': 'gzip' } },
        (res) => {
          let first = 0;
          let bytes = 0;
          res.on('data', (d: Buffer) => {
            if (!first) first = performance.now() - started;
            bytes += d.length;
          });
          res.on('end', () =>
            resolve({
              ms: performance.now() - started,
              first,
              bytes,
              status: res.statusCode ?? 0,
              encoding: res.headers['content-encoding'],
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
    },
  );
}

async function time(client: ApiClient, c: Call): Promise<Timing> {
  const once = async () => {
    if (c.file) return { ...(await download(client, c.path)), type: null };
    const started = performance.now();
    const res = await client.raw(`/api${c.path}`);
    let first = 0;
    let bytes = 0;
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (!first) first = performance.now() - started;
      if (done) break;
      bytes += value.byteLength;
    }
    return { ms: performance.now() - started, first, bytes, status: res.status, type: res.headers.get('content-type') };
  };
  const warm = await once();
  let note = '';
  if (warm.status !== 200) note = `HTTP ${warm.status}`;
  // A closed month's points file is built by its first download and kept (ADR 0054): that one's time is shown too.
  else if (c.file) {
    const last = await download(client, c.path);
    note = `first download ${warm.ms.toFixed(0)} ms${last.encoding ? `; then sent ${last.encoding}` : ''}`;
  } else if (!c.file) {
    // A JSON call must answer state 200, not an error envelope.
    const body = (await (await client.raw(`/api${c.path}`)).json()) as { state: number; total?: number };
    if (body.state !== 200) note = `state ${body.state}`;
    else if (typeof body.total === 'number') note = `${body.total.toLocaleString('en')} rows`;
  }
  const ms: number[] = [];
  const first: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    ms.push(r.ms);
    first.push(r.first);
  }
  return {
    label: c.label,
    path: c.path,
    p50: pct(ms, 0.5),
    p95: pct(ms, 0.95),
    firstByteP50: c.file ? pct(first, 0.5) : null,
    bytes: warm.bytes,
    note,
  };
}

/** The p-quantile (0-1) of the values, nearest rank. */
const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

const fmtMs = (v: number) => v.toFixed(v < 10 ? 1 : 0).padStart(7);

async function main() {
  const members = Number(opt.members);
  const purchases = Number(opt.purchases);
  log(
    `bench:console — ${members.toLocaleString('en')} members, ${purchases.toLocaleString('en')} purchases over ` +
      `${opt.days} days; ${cpus().length} cores, load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const db = await benchDatabase('bench_console_', opt.keep);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-console-data-'));
  let server: ChildProcess | null = null;
  try {
    const seedStarted = performance.now();
    log('seeding:');
    const seeded = await seedConsoleDatabase(db.url, {
      members,
      purchases,
      days: Number(opt.days),
      masterCards: Number(opt['master-cards']),
      log,
    });
    const seedS = (performance.now() - seedStarted) / 1000;
    log(
      `seeded in ${seedS.toFixed(0)} s: ${seeded.members.toLocaleString('en')} members, ` +
        `${seeded.purchases.toLocaleString('en')} purchases, ${seeded.cards.toLocaleString('en')} drawn cards, ` +
        `${seeded.payments.toLocaleString('en')} payments, ${seeded.shipments.toLocaleString('en')} parcels, ` +
        `${seeded.ledger.toLocaleString('en')} ledger rows`,
    );
    // Its own DATA_DIR: the files it keeps (ADR 0054) belong to this database only.
    const started = await startServer(db.url, { pool: '10', env: { JOBS: '0', DATA_DIR: dataDir } });
    server = started.proc;
    const base = `http://127.0.0.1:${started.port}`;
    const client = await signIn(db.url, base);
    log(`server on ${base}, signed in as an owner; ${RUNS} runs per call after one warm-up\n`);

    const results: Timing[] = [];
    log(`${'call'.padEnd(34)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'1st B'.padStart(7)}  size     note`);
    for (const c of calls(seeded)) {
      const r = await time(client, c);
      results.push(r);
      const size =
        r.bytes >= 1_000_000 ? `${(r.bytes / 1_000_000).toFixed(1)} MB` : `${(r.bytes / 1000).toFixed(1)} kB`;
      log(
        `${r.label.padEnd(34)} ${fmtMs(r.p50)} ${fmtMs(r.p95)} ${r.firstByteP50 === null ? '      —' : fmtMs(r.firstByteP50)}  ${size.padEnd(8)} ${r.note}`,
      );
    }
    const failed = results.filter((r) => r.note.startsWith('HTTP') || r.note.startsWith('state'));
    if (failed.length > 0) log(`\nfailed calls: ${failed.map((r) => `${r.label} (${r.note})`).join(', ')}`);
    const slowest = results.reduce((a, b) => (b.p95 > a.p95 ? b : a));
    log(
      `\nload average after: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    log(`console: slowest p95 ${slowest.p95.toFixed(0)} ms (${slowest.label}: GET /api${slowest.path})`);
    if (failed.length > 0) process.exitCode = 1;
  } finally {
    server?.kill('SIGTERM');
    await db.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
