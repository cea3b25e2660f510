import type { PoolClient } from 'pg';
import { connectionUnanswered } from './database.ts';

/**
 * Runs `fn` inside a savepoint of the open transaction `tx`: when it throws, only its own work is undone and the
 * transaction stays usable (a caller can catch a unique violation and try again). `name` is a fixed identifier
 * chosen by the caller, never input.
 */
export async function withSavepoint<T>(tx: PoolClient, name: string, fn: () => Promise<T>): Promise<T> {
  await tx.query(`SAVEPOINT ${name}`);
  try {
    const result = await fn();
    await tx.query(`RELEASE SAVEPOINT ${name}`);
    return result;
  } catch (err) {
    // On a connection that stopped answering nothing more is sent: the transaction gives up as a whole.
    if (!connectionUnanswered(err)) await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
    throw err;
  }
}
