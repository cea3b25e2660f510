import { inject } from 'vitest';
import { createServerDatabase } from '../../../scripts/lib/server-database.ts';

/** An empty database on the test server (nothing migrated yet); `drop` removes it, ending any open connection. */
export const freshDatabase = (): Promise<{ url: string; drop: () => Promise<void> }> =>
  createServerDatabase(inject('adminDatabaseUrl'), inject('clonePrefix'));
