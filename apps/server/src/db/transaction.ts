import type { PoolClient } from 'pg';
import type { Database } from './database.ts';

/**
 * Runs `fn` in one transaction on a pooled client. Serialization failures and deadlocks are retried a few times,
 * since under a rush they are expected and the work is safe to repeat.
 */
export async function withTransaction<T>(db: Database, fn: (tx: PoolClient) => Promise<T>, retries = 3): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    const client = await db.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => {});
      const code = (err as { code?: string }).code;
      if ((code === '40001' || code === '40P01') && attempt < retries) continue;
      throw err;
    } finally {
      client.release();
    }
  }
}
