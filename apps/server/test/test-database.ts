import { inject } from 'vitest';
import { createServerDatabase } from '../../../scripts/lib/server-database.ts';

/**
 * A fresh clone of the migrated template database (global-setup.ts) for one test file's shop; answers its URL.
 *
 * Clones are not dropped when the file's shop closes: on PostgreSQL 15 a DROP DATABASE forces a checkpoint, which
 * cost seconds per test file on a busy machine (issue 20). The run's global teardown drops them all at the end
 * (on a PostgreSQL server of your own), or deletes the whole embedded server.
 */
export async function cloneTemplateDatabase(): Promise<string> {
  const db = await createServerDatabase(inject('adminDatabaseUrl'), inject('clonePrefix'), inject('templateDatabase'));
  return db.url;
}
