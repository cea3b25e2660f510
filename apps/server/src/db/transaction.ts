import type { PoolClient } from 'pg';
import { connectionUnanswered, type Database } from './database.ts';

/** Serialization failure and deadlock: under a rush they are expected. */
export const CONFLICT_CODES: readonly string[] = ['40001', '40P01'];

/**
 * Runs `attempt` again when it fails with one of `codes` (a few times): work that was rolled back as a whole is
 * safe to repeat.
 */
export async function retryConflicts<T>(
  attempt: () => Promise<T>,
  retries = 3,
  codes: readonly string[] = CONFLICT_CODES,
): Promise<T> {
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code !== undefined && codes.includes(code) && n < retries) continue;
      throw err;
    }
  }
}

/** Runs `fn` in one transaction on a pooled client, repeated on a serialization failure or deadlock. */
export function withTransaction<T>(db: Database, fn: (tx: PoolClient) => Promise<T>, retries = 3): Promise<T> {
  return retryConflicts(async () => {
    const client = await db.pool.connect();
    // A connection whose ROLLBACK fails (lost, or a statement that timed out on the client) goes back to the pool
    // destroyed, not to be lent to the next request in an unknown state.
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await fn(client);
      await client.query('COMMIT');
      return result;
    } catch (err) {
      if (connectionUnanswered(err)) {
        // A ROLLBACK would queue behind the hung statement and wait out a second bound (issue 20): drop the
        // connection instead; PostgreSQL rolls the transaction back when it sees the connection go.
        broken = true;
        throw err;
      }
      await client.query('ROLLBACK').catch(() => {
        broken = true;
      });
      throw err;
    } finally {
      client.release(broken);
    }
  }, retries);
}
