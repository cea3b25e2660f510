/**
 * The shop a load script drives: bench members with points and one big pack in a database, and real server
 * processes in production mode on 127.0.0.1 (npm run bench, npm run chaos).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { connectDatabase } from '../../apps/server/src/db/database.ts';
import { freePort } from '../../apps/server/src/db/embedded.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { withTransaction } from '../../apps/server/src/db/transaction.ts';
import { saveSpendingLimits } from '../../apps/server/src/db/queries/spending-limits.ts';
import { grantPoints } from '../../apps/server/src/services/ledger.ts';
import { publishPack, type NewPackCard } from '../../apps/server/src/services/packs/pack-publishing.ts';
import { hashPassword } from '../../apps/server/src/services/passwords.ts';
import { START_TIMEOUT_MS } from './start-timeout.ts';

export interface Fixtures {
  members: number;
  tickets: number;
  price: number;
  pass: string;
  /** Mail addresses are `<prefix><n>@bench.example`; a shared database needs a prefix of its own per run. */
  mailPrefix?: string;
  /** Also create the pg_stat_statements extension (the bench's --pg-stats). */
  pgStats?: boolean;
  /** The pack's sale start (a minute ago by default) and per-member cap (none by default). */
  startDate?: Date;
  maxBuyCount?: number;
  /** The pack's lineup, when the default four cards (which need 10,000+ tickets) do not fit `tickets`. */
  cards?: NewPackCard[];
}

/** Migrates `url`, then adds the members (50,000,000 paid points each) and a pack of `tickets` on sale now. */
export async function prepare(url: string, f: Fixtures): Promise<{ packId: number; mails: string[] }> {
  const db = connectDatabase(url, 4);
  try {
    await migrate(db.pool);
    const passHash = await hashPassword(f.pass);
    const mails = Array.from({ length: f.members }, (_, i) => `${f.mailPrefix ?? 'bench'}${i}@bench.example`);
    const now = new Date();
    const packId = await withTransaction(db, async (tx) => {
      const { rows } = await tx.query<{ id: number }>(
        // Verified addresses: buying needs one (sale-eligibility.ts).
        `INSERT INTO members (mail, pass_hash, last_name, first_name, tel, referral_code, mail_verified_at)
         SELECT m, $2, 'ベンチ', '太郎', '09000000000', 'B' || lpad(ord::text, 7, '0'), now()
         FROM unnest($1::text[]) WITH ORDINALITY AS t(m, ord) RETURNING id`,
        [mails, passHash],
      );
      for (const r of rows) {
        await grantPoints(tx, { memberId: Number(r.id), amount: 50_000_000, kind: 'paid', reason: 'bench', now });
        // Adults who gave their birth month (ADR 0036): the chaos script's payers buy points.
        await saveSpendingLimits(tx, Number(r.id), { birthMonth: '1990-01' }, now);
      }
      const c = Math.floor(f.tickets * 0.9);
      return publishPack(tx, {
        cardType: 1,
        nameJa: 'ベンチマークパック',
        nameEn: 'Benchmark pack',
        point: f.price,
        startDate: f.startDate ?? new Date(now.getTime() - 60_000),
        maxBuyCount: f.maxBuyCount,
        cards: f.cards ?? [
          { rank: 'S', name: 'Bench S', imageUrl: '/s.svg', setCount: 10, rarity: 3, buyPoint: 100_000 },
          { rank: 'A', name: 'Bench A', imageUrl: '/a.svg', setCount: 1_000, rarity: 2, buyPoint: 5_000 },
          { rank: 'B', name: 'Bench B', imageUrl: '/b.svg', setCount: f.tickets - c - 1_010, rarity: 1, buyPoint: 500 },
          { rank: 'C', name: 'Bench C', imageUrl: '/c.svg', setCount: c, rarity: 0, buyPoint: 30 },
        ],
      });
    });
    await db.pool.query('VACUUM ANALYZE');
    if (f.pgStats) await db.pool.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    return { packId, mails };
  } finally {
    await db.close();
  }
}

export interface ServerOptions {
  /** Listen here (a restart keeps its port); a free one otherwise. */
  port?: number;
  /** DB_POOL_SIZE. */
  pool: string;
  /** Write a V8 CPU profile into this directory (node --cpu-prof). */
  profDir?: string;
  /** Overrides of the environment below (e.g. SMTP_URL). */
  env?: Record<string, string>;
  /** Where the server's stderr goes: the terminal (default) or a file descriptor. */
  stderr?: 'inherit' | number;
  /** Give up waiting for "is running" after this long (the process is then killed); START_TIMEOUT_MS by default. */
  timeoutMs?: number;
}

/** A server process in production mode; resolves once it prints that it is running. */
export async function startServer(url: string, o: ServerOptions): Promise<{ port: number; proc: ChildProcess }> {
  const port = o.port ?? (await freePort());
  const prof = o.profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(o.profDir)}`] : [];
  const proc = spawn(process.execPath, [...prof, '--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      // Production refuses the sandbox gateway; the bench never pays, so placeholder Stripe keys are enough.
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      // Nobody reads the bench's mails or SMS: the outbox is enough.
      ALLOW_UNSENT_MESSAGES: '1',
      DB_POOL_SIZE: o.pool,
      ...o.env,
    },
    stdio: ['ignore', 'pipe', o.stderr ?? 'inherit'],
  });
  let timer: NodeJS.Timeout | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      proc.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('is running')) resolve();
      });
      proc.once('exit', (code, signal) => reject(new Error(`server exited with ${code ?? signal}`)));
      const ms = o.timeoutMs ?? START_TIMEOUT_MS;
      timer = setTimeout(() => reject(new Error(`server not running after ${ms} ms (START_TIMEOUT_MS)`)), ms);
    });
  } catch (err) {
    proc.kill('SIGKILL');
    throw err;
  } finally {
    clearTimeout(timer);
  }
  return { port, proc };
}
