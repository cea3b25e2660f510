import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR, migrateAll } from '../../src/db/migrate.ts';
import { insertMember } from '../../src/services/members.ts';
import { freshDatabase } from '../fresh-database.ts';

/**
 * A fresh database with the schema as it stood before migration `number` (every earlier migration, whatever landed
 * in between), for a test of that migration's data move: write the old rows, then `migrateRest()`.
 */
export async function databaseBefore(number: string): Promise<{
  pool: pg.Pool;
  q: (sql: string, params?: unknown[]) => Promise<pg.QueryResult>;
  migrateRest: () => Promise<void>;
  close: () => Promise<void>;
}> {
  const db = await freshDatabase();
  const pool = new pg.Pool({ connectionString: db.url, max: 2 });
  pool.on('error', () => {});
  const before = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  for (const f of readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql') && f < `${number}_`)) {
    cpSync(path.join(MIGRATIONS_DIR, f), path.join(before, f));
  }
  // The old migrations only: today's function files are the live source (ADR 0009) and may write tables a later
  // migration makes (member_search, the daily figures' deltas), so they come with migrateRest(), as on a deploy.
  const noFunctions = path.join(before, 'functions');
  mkdirSync(noFunctions);
  await migrateAll(pool, { migrations: before, functions: noFunctions });
  return {
    pool,
    q: (sql, params = []) => pool.query(sql, params),
    migrateRest: async () => {
      await migrateAll(pool);
    },
    close: async () => {
      await pool.end();
      await db.drop();
      rmSync(before, { recursive: true, force: true });
    },
  };
}

/** A member written as the code of the time would (one transaction); returns its id. */
export async function oldMember(pool: pg.Pool, mail: string): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const id = await insertMember(client, {
      mail,
      pass: 'secret123',
      lastName: '移行',
      middleName: '',
      firstName: '太郎',
      tel: '09012345678',
      lang: 'ja',
      referredBy: null,
      prefId: null,
    });
    await client.query('COMMIT');
    return id;
  } finally {
    client.release();
  }
}
