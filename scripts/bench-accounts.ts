// Measures the account calls on a fresh embedded database: login latency (argon2id dominates it), the current
// user call every page makes, and a login rush. Run: npx tsx scripts/bench-accounts.ts
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { parseConfig } from '../apps/server/src/config.ts';
import { startShop } from '../apps/server/src/start.ts';
import { ApiClient } from '../apps/server/test/api-client.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-accounts-'));
chmodSync(dataDir, 0o755); // the embedded server runs as a separate OS user when we are root
// 40 registrations from this one address: above the shop's per-address hourly limit, so this server raises it.
const config = parseConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  SEED_DEMO: '0',
  JOBS: '0',
  REGISTRATION_LIMIT_PER_HOUR: '1000',
});
const shop = await startShop(config, { serveWeb: false, logger: false });
await shop.app.listen({ port: 0, host: '127.0.0.1' });
const addr = shop.app.server.address();
const base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

try {
  // Registrations (each hashes a password once).
  const members: { mail: string; pass: string }[] = [];
  const regMs: number[] = [];
  for (let i = 0; i < 40; i++) {
    const c = new ApiClient(base);
    const m = { mail: `bench${i}@example.test`, pass: 'bench1234' };
    await c.get('/user/point');
    const t = performance.now();
    const r = await c.post('/user/append', {
      lastName: '計測',
      firstName: '太郎',
      tel: '09000000000',
      ...m,
      confirmPass: m.pass,
    });
    regMs.push(performance.now() - t);
    if (r.state !== 200) throw new Error(`append failed: ${JSON.stringify(r)}`);
    members.push(m);
  }
  // Sequential logins.
  const loginMs: number[] = [];
  for (const m of members) {
    const c = new ApiClient(base);
    await c.get('/user/point');
    const t = performance.now();
    const r = await c.post('/user/login', { ...m, save_cookie: '1' });
    loginMs.push(performance.now() - t);
    if (r.state !== 200) throw new Error('login failed');
  }
  console.log(
    `register: p50 ${pct(regMs, 0.5).toFixed(1)} ms, p95 ${pct(regMs, 0.95).toFixed(1)} ms (n=${regMs.length})`,
  );
  console.log(`login (sequential): p50 ${pct(loginMs, 0.5).toFixed(1)} ms, p95 ${pct(loginMs, 0.95).toFixed(1)} ms`);

  // 40 logins at once: argon2 runs on libuv's thread pool, so this shows how a login rush queues.
  const rush = await Promise.all(
    members.map(async (m) => {
      const c = new ApiClient(base);
      await c.get('/user/point');
      const t = performance.now();
      const r = await c.post('/user/login', m);
      return { ms: performance.now() - t, ok: r.state === 200 };
    }),
  );
  const rushMs = rush.map((r) => r.ms);
  console.log(
    `login rush (40 at once): p50 ${pct(rushMs, 0.5).toFixed(0)} ms, max ${Math.max(...rushMs).toFixed(0)} ms, ` +
      `failures ${rush.filter((r) => !r.ok).length}`,
  );

  // The current-user call for a logged-in member, 10 connections.
  const member = new ApiClient(base);
  await member.post('/user/login', members[0]);
  const cookie = `sid=${member.cookie('sid')}; lang=ja`;
  const result = await autocannon({ url: `${base}/api/user/point`, connections: 10, duration: 8, headers: { cookie } });
  console.log(
    `GET /api/user/point (member, 10 conns): ${result.requests.average.toFixed(0)} req/s, ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`,
  );
} finally {
  await shop.close();
  rmSync(dataDir, { recursive: true, force: true });
}
