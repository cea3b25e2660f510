import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase } from '../../src/db/database.ts';
import { withSavepoint } from '../../src/db/savepoint.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { freshDatabase } from '../fresh-database.ts';
import { frozenProxy } from './frozen-proxy.ts';

/**
 * Issue 20: calls already in flight when PostgreSQL froze waited 22-30 s, though a new call gives up after the
 * statement bound (statement_timeout + 1 s): the ROLLBACK (and a savepoint's) queued behind the hung statement on
 * the same connection and waited out a second bound. A connection that stopped answering is now dropped at once.
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  db = await freshDatabase();
});
afterAll(() => db.drop());

const STATEMENT_MS = 1500;
const BOUND_MS = STATEMENT_MS + 1000; // database.ts: the client-side grace past statement_timeout

it.each([
  ['a transaction', false],
  ['a savepoint inside a transaction', true],
])('gives up %s caught by a freeze within one statement bound, not two', async (_name, savepoint) => {
  const proxy = await frozenProxy(new URL(db.url));
  const database = connectDatabase(proxy.url, 2, { dbStatementTimeoutMs: STATEMENT_MS, dbAcquireTimeoutMs: 1000 });
  try {
    let frozenAt = 0;
    const work = withTransaction(database, async (tx) => {
      await tx.query('SELECT 1');
      const hung = async () => {
        proxy.freeze();
        frozenAt = Date.now();
        await tx.query('SELECT 2');
      };
      return savepoint ? withSavepoint(tx, 'frozen', hung) : hung();
    });
    await expect(work).rejects.toThrow(/Query read timeout/);
    const waited = Date.now() - frozenAt;
    expect(waited).toBeGreaterThanOrEqual(BOUND_MS - 100);
    // One bound with room for a busy machine; the old path waited at least two (a second timeout on ROLLBACK).
    expect(waited).toBeLessThan(BOUND_MS * 1.6);
  } finally {
    await proxy.close();
    await database.close().catch(() => {});
  }
});
