import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A server URL whose role may CREATE DATABASE. */
    adminDatabaseUrl: string;
    /** A migrated database each test file clones (CREATE DATABASE … TEMPLATE). */
    templateDatabase: string;
    /** The names of this run's clones start with it (test-database.ts); the teardown drops them. */
    clonePrefix: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL (CI also points it at the PostgreSQL 15 service), else an
 * embedded server in a temp dir. A migrated template database is made once; each test file gets a clone, dropped
 * at the end of the run (test-database.ts says why not sooner).
 */
export default async function setup(project: TestProject) {
  let dir: string | null = null;
  let embedded: Awaited<ReturnType<typeof startEmbeddedPostgres>> | null = null;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    dir = mkdtempSync(path.join(tmpdir(), 'oripa-test-pg-'));
    chmodSync(dir, 0o755); // the embedded server runs as a separate OS user when we are root
    embedded = await startEmbeddedPostgres(path.join(dir, 'pg'), { persistent: false });
    adminUrl = embedded.url;
  }
  const run = `${process.pid}_${Date.now().toString(36)}`;
  const template = `oripa_tpl_${run}`;
  const clonePrefix = `t_${run}_`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const tplUrl = new URL(adminUrl);
  tplUrl.pathname = `/${template}`;
  const pool = new pg.Pool({ connectionString: tplUrl.toString(), max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);
  project.provide('clonePrefix', clonePrefix);

  return async () => {
    // On a server of the caller's (TEST_DATABASE_URL): drop this run's clones, then the template. The embedded
    // server goes with its directory, databases and all.
    if (!embedded) {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1) OR datname = $2',
        [clonePrefix, template],
      );
      for (const r of rows) await admin.query(`DROP DATABASE IF EXISTS ${r.datname} WITH (FORCE)`).catch(() => {});
    }
    await admin.end();
    await embedded?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
