import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { many, type Queryable } from './queryable.ts';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MIGRATIONS_DIR = path.join(SERVER_DIR, 'migrations');
/** The live source of every database function (with the triggers that call it), one file each (ADR 0009). */
export const FUNCTIONS_DIR = path.join(SERVER_DIR, 'db/functions');
// Arbitrary constant: every instance takes the same advisory lock, so two servers starting at once
// apply the migrations one after the other instead of racing.
const MIGRATION_LOCK = 727_001;
/** The migrations squashed into 0001_baseline.sql: a database that has any of them predates the baseline. */
const SQUASHED =
  /^000[1-7]_(foundation|packs|payments|purchase_functions|batched_purchases|statement_reference_checks|draw_cursor)\.sql$/;

export interface MigrateResult {
  migrations: string[];
  functions: string[];
}

export interface MigrateDirs {
  migrations?: string;
  functions?: string;
}

/**
 * Brings the schema up to date: the pending migrations in order (schema only, each in its own transaction), then
 * every function file whose checksum changed (CREATE OR REPLACE, the "repeatable migration" idea). Both under one
 * advisory lock, so instances starting together are safe. Answers what it applied.
 */
export async function migrateAll(pool: pg.Pool, dirs: MigrateDirs = {}): Promise<MigrateResult> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    const migrations = await applyMigrations(client, dirs.migrations ?? MIGRATIONS_DIR);
    const functions = await applyFunctions(client, dirs.functions ?? FUNCTIONS_DIR);
    return { migrations, functions };
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/** Migrations and functions; answers the migrations applied (what callers before ADR 0009 expected). */
export async function migrate(pool: pg.Pool, dirs: MigrateDirs = {}): Promise<string[]> {
  return (await migrateAll(pool, dirs)).migrations;
}

const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
const FUNCTION_FILE = /^[a-z0-9_]+\.sql$/;

function functionFile(dir: string, file: string) {
  const sql = readFileSync(path.join(dir, file), 'utf8');
  return { name: file.slice(0, -'.sql'.length), sql, checksum: createHash('sha256').update(sql).digest('hex') };
}

/**
 * What this build expects of the schema and the database lacks: migration files not applied, and function files
 * whose text differs from what was applied (the readiness check, observability/health-routes.ts). Empty when the
 * database is up to date. Another instance that is newer may have applied more; that is not "behind".
 */
export async function schemaBehind(db: Queryable, dirs: MigrateDirs = {}): Promise<string[]> {
  const migrationsDir = dirs.migrations ?? MIGRATIONS_DIR;
  const functionsDir = dirs.functions ?? FUNCTIONS_DIR;
  const applied = new Set((await many<{ name: string }>(db, 'SELECT name FROM schema_migrations')).map((r) => r.name));
  const checksums = new Map(
    (await many<{ name: string; checksum: string }>(db, 'SELECT name, checksum FROM schema_functions')).map((r) => [
      r.name,
      r.checksum,
    ]),
  );
  const missing = sqlFiles(migrationsDir, MIGRATION_FILE).filter((f) => !applied.has(f));
  const stale = sqlFiles(functionsDir, FUNCTION_FILE).filter((f) => {
    const { name, checksum } = functionFile(functionsDir, f);
    return checksums.get(name) !== checksum;
  });
  return [...missing, ...stale];
}

function sqlFiles(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir)
    .filter((f) => pattern.test(f))
    .sort();
}

async function inTransaction(client: pg.PoolClient, what: string, sql: string, record: () => Promise<unknown>) {
  await client.query('BEGIN');
  try {
    await client.query(sql);
    await record();
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw new Error(`${what} failed: ${(err as Error).message}`);
  }
}

async function applyMigrations(client: pg.PoolClient, dir: string): Promise<string[]> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
  );
  const done = new Set(
    (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
  );
  const old = [...done].filter((name) => SQUASHED.test(name));
  if (old.length > 0) {
    throw new Error(
      `this database was made by the migration history before the baseline (it has ${old.join(', ')}), which ` +
        'cannot be upgraded in place. It holds only development or demo data: delete it (for the embedded ' +
        'database, the DATA_DIR folder, ./data by default) and start again.',
    );
  }
  const applied: string[] = [];
  for (const file of sqlFiles(dir, MIGRATION_FILE)) {
    if (done.has(file)) continue;
    const sql = readFileSync(path.join(dir, file), 'utf8');
    await inTransaction(client, `migration ${file}`, sql, () =>
      client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]),
    );
    applied.push(file);
  }
  return applied;
}

/**
 * Applies each function file whose text changed since it was last applied, and drops the functions whose file was
 * removed. A file holds CREATE OR REPLACE statements only, so applying it again is harmless.
 */
async function applyFunctions(client: pg.PoolClient, dir: string): Promise<string[]> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS schema_functions (
       name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
  );
  const known = new Map(
    (await client.query<{ name: string; checksum: string }>('SELECT name, checksum FROM schema_functions')).rows.map(
      (r) => [r.name, r.checksum],
    ),
  );
  const applied: string[] = [];
  const files = sqlFiles(dir, FUNCTION_FILE);
  for (const file of files) {
    const { name, sql, checksum } = functionFile(dir, file);
    if (known.get(name) === checksum) continue;
    await inTransaction(client, `function ${file}`, sql, () =>
      client.query(
        `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
        [name, checksum],
      ),
    );
    applied.push(file);
  }
  const names = new Set(files.map((f) => f.slice(0, -'.sql'.length)));
  for (const name of known.keys()) {
    if (names.has(name)) continue;
    // DROP FUNCTION without arguments names the one function of that name (each file holds one); CASCADE drops the
    // triggers that called it, which lived in the same file.
    await inTransaction(
      client,
      `dropping function ${name}`,
      `DROP FUNCTION IF EXISTS ${quoteIdent(name)} CASCADE`,
      () => client.query('DELETE FROM schema_functions WHERE name = $1', [name]),
    );
  }
  return applied;
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
