import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNCTIONS_DIR, migrateAll, MIGRATIONS_DIR } from '../src/db/migrate.ts';
import { freshDatabase } from './fresh-database.ts';

/**
 * ADR 0009: the database functions live in apps/server/db/functions/<name>.sql, one file each with the triggers
 * that call it; migrations hold schema only.
 */
const fileNames = () => readdirSync(FUNCTIONS_DIR).filter((f) => f.endsWith('.sql'));

interface LiveFunction {
  name: string;
  def: string;
}

/** Our functions as the database has them (extension functions left out). */
async function liveFunctions(db: pg.Pool | pg.PoolClient): Promise<LiveFunction[]> {
  const { rows } = await db.query<LiveFunction>(
    `SELECT p.proname AS name, pg_get_functiondef(p.oid) AS def
     FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
     WHERE n.nspname = 'public'
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
     ORDER BY 1`,
  );
  return rows;
}

describe('database functions, one file each', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await freshDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => {});
    await migrateAll(pool);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  it('has a file for every live function and a live function for every file', async () => {
    const live = (await liveFunctions(pool)).map((f) => f.name);
    expect(live.length).toBeGreaterThan(5);
    expect(new Set(live).size).toBe(live.length); // one function per name: DROP FUNCTION <name> is unambiguous
    expect(live).toEqual(fileNames().map((f) => f.slice(0, -4)));
  });

  it('runs every function exactly as its file defines it', async () => {
    const client = await pool.connect();
    try {
      for (const file of fileNames()) {
        const name = file.slice(0, -4);
        const before = (await liveFunctions(client)).find((f) => f.name === name)!.def;
        // Apply the file on top, look, and roll back: a live definition that differs from its file shows here.
        await client.query('BEGIN');
        await client.query(readFileSync(path.join(FUNCTIONS_DIR, file), 'utf8'));
        const fromFile = (await liveFunctions(client)).find((f) => f.name === name)!.def;
        await client.query('ROLLBACK');
        expect(before, file).toBe(fromFile);
      }
    } finally {
      client.release();
    }
  });

  it('defines every trigger in the file of the function it calls', async () => {
    const { rows } = await pool.query<{ trigger: string; tbl: string; fn: string }>(
      `SELECT t.tgname AS trigger, t.tgrelid::regclass::text AS tbl, p.proname AS fn
       FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid WHERE NOT t.tgisinternal`,
    );
    expect(rows.length).toBeGreaterThan(10);
    const client = await pool.connect();
    try {
      for (const r of rows) {
        // Drop the trigger, apply its function's file, and see the trigger back (then roll back).
        await client.query('BEGIN');
        await client.query(`DROP TRIGGER ${r.trigger} ON ${r.tbl}`);
        await client.query(readFileSync(path.join(FUNCTIONS_DIR, `${r.fn}.sql`), 'utf8'));
        const back = await client.query('SELECT 1 FROM pg_trigger WHERE tgname = $1', [r.trigger]);
        await client.query('ROLLBACK');
        expect(back.rowCount, r.trigger).toBe(1);
      }
    } finally {
      client.release();
    }
  });
});

describe('migrations hold schema only', () => {
  it('no migration defines a function, procedure, trigger or anonymous block', () => {
    for (const file of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql'))) {
      const sql = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8').replace(/--.*$/gm, '');
      expect(sql, file).not.toMatch(/\bCREATE\s+(OR\s+REPLACE\s+)?(FUNCTION|PROCEDURE|TRIGGER)\b/i);
      expect(sql, file).not.toMatch(/\bDO\s+\$|\$\$/);
    }
  });
});

describe('applying function files', () => {
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let pool: pg.Pool;
  let dir: string;
  beforeAll(async () => {
    db = await freshDatabase();
    pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pool.on('error', () => {});
    dir = mkdtempSync(path.join(tmpdir(), 'functions-'));
    cpSync(FUNCTIONS_DIR, dir, { recursive: true });
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies every file once, then only a changed file, and drops a function whose file is gone', async () => {
    const first = await migrateAll(pool, { functions: dir });
    expect(first.migrations).toEqual(
      readdirSync(MIGRATIONS_DIR)
        .filter((f) => /^\d{4}_.*\.sql$/.test(f))
        .sort(),
    );
    expect(first.migrations[0]).toBe('0001_baseline.sql');
    expect(first.functions).toEqual(fileNames());
    expect(await migrateAll(pool, { functions: dir })).toEqual({ migrations: [], functions: [] });

    const file = path.join(dir, 'all_members_exist.sql');
    writeFileSync(file, readFileSync(file, 'utf8').replace('RETURN (SELECT', 'RETURN TRUE OR (SELECT'));
    expect((await migrateAll(pool, { functions: dir })).functions).toEqual(['all_members_exist.sql']);
    const { rows } = await pool.query<{ def: string }>(
      "SELECT pg_get_functiondef('all_members_exist(bigint[])'::regprocedure) AS def",
    );
    expect(rows[0]!.def).toContain('RETURN TRUE OR');

    rmSync(path.join(dir, 'check_references.sql'));
    await migrateAll(pool, { functions: dir });
    const gone = await pool.query(
      `SELECT (SELECT count(*) FROM pg_proc WHERE proname = 'check_references')::int AS fns,
              (SELECT count(*) FROM pg_trigger WHERE tgname LIKE '%_refs')::int AS triggers`,
    );
    expect(gone.rows[0]).toEqual({ fns: 0, triggers: 0 });
  });

  it('refuses a database made by the migration history before the baseline, saying what to do', async () => {
    const old = await freshDatabase();
    const oldPool = new pg.Pool({ connectionString: old.url, max: 1 });
    oldPool.on('error', () => {});
    try {
      await oldPool.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz)');
      await oldPool.query(
        "INSERT INTO schema_migrations (name) VALUES ('0001_foundation.sql'), ('0007_draw_cursor.sql')",
      );
      await expect(migrateAll(oldPool)).rejects.toThrow(/before the baseline.*delete it/s);
      const { rows } = await oldPool.query("SELECT to_regclass('members') AS t");
      expect(rows[0].t).toBeNull();
    } finally {
      await oldPool.end();
      await old.drop();
    }
  });
});
