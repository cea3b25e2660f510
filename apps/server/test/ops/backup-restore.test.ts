import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { auditDatabase } from '../../../../scripts/lib/database-audit.ts';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { BATCH_SQL, batchValues } from '../../src/db/queries/purchases.ts';
import { ApiClient } from '../api-client.ts';
import { buildMember } from '../factories.ts';
import { buildPack, purchaseToken } from '../packs/pack-fixtures.ts';
import { TestClock, type TestShop } from '../test-shop.ts';

/**
 * The documented backup procedure (README "Backups"): scripts/backup.sh dumps a shop database with purchases,
 * scripts/restore.sh restores it into a new database and audits it; the copy must equal the original table by
 * table, with its functions and triggers, and keep working as a shop database (a purchase after the restore).
 *
 * pg_dump refuses a server newer than itself, and the embedded test server (PostgreSQL 18) is newer than the
 * installed client (15). The test then runs on the local PostgreSQL service whose version the client matches
 * (BACKUP_TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres): the procedure is tested with a
 * matching pair, as it must be run in production. It fails, never skips, when no server fits.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const PG_DUMP = process.env.PG_DUMP ?? 'pg_dump';
const PG_RESTORE = process.env.PG_RESTORE ?? 'pg_restore';

function toolMajor(bin: string): number {
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  if (out.error) throw new Error(`${bin} is not installed (apt-get install postgresql-client, or set PG_DUMP)`);
  return Number(/(\d+)(\.\d+)?/.exec(out.stdout)?.[1]);
}

async function serverMajor(url: string): Promise<number | null> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  try {
    await c.connect();
    const { rows } = await c.query<{ v: string }>("SELECT current_setting('server_version_num') AS v");
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } catch {
    return null;
  } finally {
    await c.end().catch(() => {});
  }
}

/** The first server pg_dump can dump: the test server, else the local service. */
async function pickServer(): Promise<string> {
  const dumpMajor = toolMajor(PG_DUMP);
  const tried: string[] = [];
  for (const url of [
    inject('adminDatabaseUrl'),
    process.env.BACKUP_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  ]) {
    const major = await serverMajor(url);
    if (major !== null && major <= dumpMajor) return url;
    tried.push(`${new URL(url).host}: ${major === null ? 'not reachable' : `PostgreSQL ${major}`}`);
  }
  throw new Error(`no server that pg_dump ${dumpMajor} can dump (${tried.join('; ')}); set BACKUP_TEST_DATABASE_URL`);
}

const withDb = (adminUrl: string, name: string) => {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/** Every table's rows as one digest each, so the copy can be compared with the original table by table. */
async function digests(db: pg.Pool): Promise<Record<string, string>> {
  const { rows: tables } = await db.query<{ t: string }>(
    "SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const { rows } = await db.query<{ d: string; n: string }>(
      `SELECT md5(COALESCE(string_agg(x::text, '|' ORDER BY x::text), '')) AS d, count(*) AS n FROM "${t}" x`,
    );
    out[t] = `${rows[0]!.n}:${rows[0]!.d}`;
  }
  return out;
}

const catalog = async (db: pg.Pool) =>
  (
    await db.query<{ k: string }>(
      `SELECT 'function ' || p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS k
         FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace
       UNION ALL SELECT 'trigger ' || tgrelid::regclass || '.' || tgname FROM pg_trigger WHERE NOT tgisinternal
       UNION ALL SELECT 'index ' || indexname FROM pg_indexes WHERE schemaname = 'public'
       ORDER BY 1`,
    )
  ).rows.map((r) => r.k);

describe('backup and restore (scripts/backup.sh, scripts/restore.sh)', () => {
  let adminUrl: string;
  const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const source = `t_${tag}_backup_src`;
  const copy = `t_${tag}_backup_copy`;
  let db: Database;
  let shop: TestShop;
  let packId: number;
  const dir = mkdtempSync(path.join(tmpdir(), 'oripa-backup-'));

  beforeAll(async () => {
    adminUrl = await pickServer();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${source}`);
    await admin.end();
    db = connectDatabase(withDb(adminUrl, source), 4);
    await migrate(db.pool);
    // The factories need only the database and a clock of a shop; no server is started.
    shop = { ctx: { db }, clock: new TestClock(), client: () => new ApiClient('http://127.0.0.1:9') } as never;
    packId = await buildPack(shop);
    const members = await Promise.all(
      [1, 2, 3, 4].map((i) => buildMember(shop, { paidPoints: 1_000 * i, freePoints: 150, coins: 70 })),
    );
    const buy = (count: number) =>
      db.pool.query(
        BATCH_SQL,
        batchValues(
          packId,
          members.map((m) => ({ memberId: m.id, count, unit: 100, token: purchaseToken(), min: count })),
          shop.clock.now(),
        ),
      );
    await buy(1);
    await buy(2);
  });

  afterAll(async () => {
    await db?.close();
    if (adminUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      for (const name of [source, copy]) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('restores a copy equal to the original that passes the audit and keeps selling', async () => {
    const env = { ...process.env, PG_DUMP, PG_RESTORE };
    const file = path.join(dir, 'shop.dump');
    execFileSync('bash', ['scripts/backup.sh', file], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: withDb(adminUrl, source) },
    });
    const restored = execFileSync('bash', ['scripts/restore.sh', file, withDb(adminUrl, copy)], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
    });
    expect(restored).toContain('audit: OK');

    const copyPool = new pg.Pool({ connectionString: withDb(adminUrl, copy), max: 2 });
    try {
      expect(await digests(copyPool)).toEqual(await digests(db.pool));
      expect(await catalog(copyPool)).toEqual(await catalog(db.pool));
      const members = (await copyPool.query<{ id: number }>('SELECT id FROM members ORDER BY id')).rows;
      // Sequences come back too: a purchase on the copy gets new ids and the books still add up.
      await copyPool.query(
        BATCH_SQL,
        batchValues(
          packId,
          [{ memberId: members[0]!.id, count: 1, unit: 100, token: purchaseToken(), min: 1 }],
          new Date(),
        ),
      );
      const audit = await auditDatabase(withDb(adminUrl, copy));
      expect(audit.filter(([, ok]) => !ok)).toEqual([]);
      expect(Number((await copyPool.query('SELECT count(*) AS n FROM purchases')).rows[0].n)).toBe(9);
    } finally {
      await copyPool.end();
    }
  });

  it('refuses to restore over a database that has tables', () => {
    const run = spawnSync('bash', ['scripts/restore.sh', path.join(dir, 'shop.dump'), withDb(adminUrl, source)], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, PG_RESTORE },
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('already has');
  });
});
