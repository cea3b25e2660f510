import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectDatabase, type Database } from '../../src/db/database.ts';
import { freshDatabase } from '../fresh-database.ts';

/**
 * A connection that dies while a request holds it (PostgreSQL killed or restarted mid-transaction) must fail that
 * request only. pg emits 'error' on a checked-out client, where the pool listens no more: unheard, it ended the
 * whole server process (seen by npm run chaos when PostgreSQL was SIGKILLed).
 */
let db: Awaited<ReturnType<typeof freshDatabase>>;
let database: Database;
let admin: pg.Client;
beforeAll(async () => {
  db = await freshDatabase();
  database = connectDatabase(db.url, 2);
  admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await database.close();
  await db.drop();
});

it('survives the loss of a connection a request has checked out, and the pool serves again', async () => {
  const unheard: unknown[] = [];
  const onUncaught = (err: unknown) => unheard.push(err);
  process.on('uncaughtException', onUncaught);
  try {
    const client = await database.pool.connect();
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
    // The server's goodbye arrives on the idle socket: give the client time to hear it (and to emit 'error').
    await new Promise((resolve) => setTimeout(resolve, 500));
    await expect(client.query('SELECT 1')).rejects.toThrow();
    client.release(true);
    expect(unheard).toEqual([]);
    const again = await database.pool.query<{ n: number }>('SELECT 1 AS n');
    expect(again.rows[0]!.n).toBe(1);
  } finally {
    process.off('uncaughtException', onUncaught);
  }
});
