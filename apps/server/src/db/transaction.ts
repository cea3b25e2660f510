import type { PoolClient } from 'pg';
import type { Database } from './database.ts';

/**
 * Runs `attempt` again when it fails with a serialization failure or a deadlock (a few times): under a rush they
 * are expected, and work that was rolled back as a whole is safe to repeat.
 */
export async function retryConflicts<T>(attempt: () => Promise<T>, retries = 3): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if ((code === '40001' || code === '40P01') && n < retries) continue;
      throw err;
    }
  }
}

/** Runs `fn` in one transaction on a pooled client, repeated on a serialization failure or deadlock. */
export function withTransaction<T>(db: Database, fn: (tx: PoolClient) => Promise<T>, retries = 3): Promise<T> {
  return retryConflicts(async () => {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  }, retries);
}
