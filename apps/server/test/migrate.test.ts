import pg from 'pg';
import { expect, it } from 'vitest';
import { migrateAll } from '../src/db/migrate.ts';
import { freshDatabase } from './fresh-database.ts';

it('applies migrations and function files exactly once when two instances start at the same time', async () => {
  const db = await freshDatabase();
  const a = new pg.Pool({ connectionString: db.url, max: 2 });
  const b = new pg.Pool({ connectionString: db.url, max: 2 });
  // DROP DATABASE … WITH (FORCE) below ends any connection still open; that is expected, not a test failure.
  for (const pool of [a, b]) pool.on('error', () => {});
  try {
    const [ra, rb] = await Promise.all([migrateAll(a), migrateAll(b)]);
    // One instance applied everything (migrations, then function files), the other found nothing left to do.
    const [first, second] = ra.migrations.length > 0 ? [ra, rb] : [rb, ra];
    expect(second).toEqual({ migrations: [], functions: [] });
    expect(first.migrations.length).toBeGreaterThan(0);
    expect(first.functions.length).toBeGreaterThan(0);
    const { rows } = await a.query(
      'SELECT (SELECT count(*) FROM schema_migrations)::int AS m, (SELECT count(*) FROM schema_functions)::int AS f',
    );
    expect(rows[0]).toEqual({ m: first.migrations.length, f: first.functions.length });
    expect(await migrateAll(a)).toEqual({ migrations: [], functions: [] });
  } finally {
    await a.end();
    await b.end();
    await db.drop();
  }
});
