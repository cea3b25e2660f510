import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * A fresh clone of the migrated template database (global-setup.ts) for one test file's shop; answers its URL.
 *
 * Clones are not dropped when the file's shop closes: on PostgreSQL 15 a DROP DATABASE forces a checkpoint, which
 * cost seconds per test file on a busy machine (issue 20). The run's global teardown drops them all at the end
 * (on a PostgreSQL server of your own), or deletes the whole embedded server.
 */
export async function cloneTemplateDatabase(): Promise<string> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `${inject('clonePrefix')}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDatabase')}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
