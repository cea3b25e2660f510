/**
 * A burst of sale-start notices during a rush of buyers (issue 22 §4, ADR 0051): N members asked to be told when a
 * pack's sale starts (most with a push subscription, the rest by mail); the shop clock passes the start and the
 * notify-sale-start and deliver-push jobs run flat out, against a local fake push service, while buyers draw from
 * another pack. Prints how fast the notices were queued and pushed, and the buyers' draw latency before and during
 * the burst (the jobs must not slow a purchase: they share no table or lock with it).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:notices             # 50,000 notices
 *   DATABASE_URL=… npm run bench:notices -- --notices 10000 --push-share 0.9 --buyers 8
 *
 * A fresh database is made on that server and dropped at the end. Everything stays on 127.0.0.1.
 */
import { createECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import webpush from 'web-push';
import { parseConfig } from '../apps/server/src/config.ts';
import type { Clock } from '../apps/server/src/context.ts';
import { deliverPushJob } from '../apps/server/src/jobs/deliver-push.ts';
import { notifySaleStartJob } from '../apps/server/src/jobs/notify-sale-start.ts';
import { runJobUntilIdle } from '../apps/server/src/jobs/runner.ts';
import { buyWithToken, checkPurchase } from '../apps/server/src/services/packs/purchase.ts';
import { publishPack } from '../apps/server/src/services/packs/pack-publishing.ts';
import { withTransaction } from '../apps/server/src/db/transaction.ts';
import { startShop } from '../apps/server/src/start.ts';
import { prepare } from './lib/bench-shop.ts';
import { createServerDatabase } from './lib/server-database.ts';

const { values: opt } = parseArgs({
  options: {
    notices: { type: 'string', default: '50000' },
    'push-share': { type: 'string', default: '0.95' },
    buyers: { type: 'string', default: '8' },
    baseline: { type: 'string', default: '5' },
  },
});
const NOTICES = Number(opt.notices);
const PUSH_SHARE = Number(opt['push-share']);
const BUYERS = Number(opt.buyers);
const BASELINE_S = Number(opt.baseline);
const log = (...a: unknown[]) => console.log(...a);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]! : NaN;
};

const server = process.env.DATABASE_URL;
if (!server) throw new Error('DATABASE_URL: a PostgreSQL server to make the bench database on');
const { url, drop } = await createServerDatabase(server, 'benchnotices_');

// The fake push service: 201 for every push, as a browser's push service answers.
let pushed = 0;
const push = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    pushed++;
    res.writeHead(201).end();
  });
});
await new Promise<void>((r) => push.listen(0, '127.0.0.1', r));
const pushPort = (push.address() as AddressInfo).port;

const clock: Clock = { now: () => new Date() };
try {
  const { packId: buyPack, mails } = await prepare(url, {
    members: BUYERS,
    tickets: 2_000_000,
    price: 100,
    pass: 'bench1234',
  });
  const keys = webpush.generateVAPIDKeys();
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    JOBS: '0',
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    DB_POOL_SIZE: '30',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    PUSH_PLAIN_HTTP: '1',
  });
  const shop = await startShop(config, { clock });
  const { ctx } = shop;
  const pool = ctx.db.pool;
  const { rows: buyerRows } = await pool.query<{ id: string }>('SELECT id FROM members WHERE mail = ANY($1)', [mails]);
  const startAt = new Date(clock.now().getTime() + 3600_000);
  const dropPack = await withTransaction(ctx.db, (tx) =>
    publishPack(tx, {
      cardType: 1,
      nameJa: '通知ベンチパック',
      nameEn: 'Notice bench pack',
      point: 100,
      startDate: startAt,
      cards: [{ rank: 'C', name: 'Bench C', imageUrl: '/c.svg', setCount: 1000, rarity: 0, buyPoint: 30 }],
    }),
  );
  // The members who asked, their requests and (for PUSH_SHARE of them) a device each, all at SQL speed.
  await pool.query(
    `INSERT INTO members (mail, pass_hash, last_name, first_name, tel, referral_code, mail_verified_at)
     SELECT 'notice' || g || '@bench.example', 'x', 'ベンチ', '花子', '09000000000', 'N' || lpad(g::text, 7, '0'), now()
     FROM generate_series(1, $1) g`,
    [NOTICES],
  );
  await pool.query(
    `INSERT INTO sale_start_requests (member_id, pack_id, created_at)
     SELECT id, $1, now() FROM members WHERE mail LIKE 'notice%@bench.example'`,
    [dropPack],
  );
  const p256dh = (() => {
    const e = createECDH('prime256v1');
    e.generateKeys();
    return e.getPublicKey().toString('base64url');
  })();
  await pool.query(
    `INSERT INTO push_subscriptions (member_id, endpoint, p256dh, auth, created_at)
     SELECT id, 'https://127.0.0.1:' || $1 || '/push/' || id, $2, 'AAAAAAAAAAAAAAAAAAAAAA', now()
     FROM members WHERE mail LIKE 'notice%@bench.example' AND random() < $3`,
    [pushPort, p256dh, PUSH_SHARE],
  );
  await pool.query('VACUUM ANALYZE');
  const { rows: subCount } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions');
  log(`notices: ${NOTICES} members asked, ${subCount[0]!.n} with a device, ${BUYERS} buyers`);

  // Buyers draw one ticket at a time, each draw timed, tagged with the phase it ran in.
  let phase: 'baseline' | 'burst' | 'done' = 'baseline';
  const lat: Record<'baseline' | 'burst', number[]> = { baseline: [], burst: [] };
  const buyers = buyerRows.map(async (b) => {
    while (phase !== 'done') {
      const at = phase;
      const t0 = performance.now();
      const { token } = await checkPurchase(ctx, Number(b.id), buyPack, 1);
      await buyWithToken(ctx, Number(b.id), token);
      lat[at].push(performance.now() - t0);
    }
  });
  await new Promise((r) => setTimeout(r, BASELINE_S * 1000));

  phase = 'burst';
  // The start comes (as if the shop clock reached it; moving the clock would age the buyers' purchase tokens).
  await pool.query('UPDATE packs SET start_date = $2 WHERE id = $1', [dropPack, clock.now()]);
  const t0 = performance.now();
  let answering = true;
  let answeredMs = 0;
  const answered = Promise.all([
    // Two runners, as on two instances.
    runJobUntilIdle(ctx, notifySaleStartJob, 1e6),
    runJobUntilIdle(ctx, notifySaleStartJob, 1e6),
  ]).finally(() => {
    answering = false;
    answeredMs = performance.now() - t0;
  });
  let sent = 0;
  // Pushes are queued while the requests are being answered: send until those are done and nothing is left.
  for (;;) {
    const wasAnswering = answering;
    const k = await runJobUntilIdle(ctx, deliverPushJob, 1e6);
    sent += k;
    if (k === 0 && !wasAnswering) break;
    if (k === 0) await new Promise((r) => setTimeout(r, 100));
  }
  const queued = await answered;
  const burstMs = performance.now() - t0;
  phase = 'done';
  await Promise.all(buyers);

  const { rows: out } = await pool.query<{ channel: string; status: string; n: number }>(
    "SELECT channel, status, count(*)::int AS n FROM outbox_messages WHERE kind = 'sale_started' GROUP BY 1, 2 ORDER BY 1, 2",
  );
  const requests = queued[0] + queued[1];
  log(
    `burst: ${requests} requests answered (queued) in ${(answeredMs / 1000).toFixed(1)} s, all ${sent} pushes sent in ${(burstMs / 1000).toFixed(1)} s` +
      ` (${Math.round(requests / (burstMs / 1000))} notices/s); the fake push service received ${pushed}`,
  );
  log(`outbox: ${out.map((o) => `${o.channel} ${o.status} ${o.n}`).join(', ')}`);
  const line = (k: 'baseline' | 'burst') =>
    `draws ${k}: n ${lat[k].length}, p50 ${pct(lat[k], 50).toFixed(1)} ms, p99 ${pct(lat[k], 99).toFixed(1)} ms, ` +
    `${Math.round(lat[k].length / (k === 'baseline' ? BASELINE_S : burstMs / 1000))} draws/s`;
  log(line('baseline'));
  log(line('burst'));
  await shop.close();
} finally {
  push.close();
  await drop();
}
