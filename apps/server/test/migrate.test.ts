import pg from 'pg';
import { expect, it } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { freshDatabase } from './fresh-database.ts';

it('applies migrations exactly once when two instances start at the same time', async () => {
  const db = await freshDatabase();
  const a = new pg.Pool({ connectionString: db.url, max: 2 });
  const b = new pg.Pool({ connectionString: db.url, max: 2 });
  // DROP DATABASE … WITH (FORCE) below ends any connection still open; that is expected, not a test failure.
  for (const pool of [a, b]) pool.on('error', () => {});
  try {
    const [ra, rb] = await Promise.all([migrate(a), migrate(b)]);
    // One instance applied everything, the other found nothing left to do.
    expect([ra.length, rb.length].sort()).toEqual([0, ra.length + rb.length]);
    expect(ra.length + rb.length).toBeGreaterThan(0);
    const { rows } = await a.query('SELECT count(*)::int AS n FROM schema_migrations');
    expect(rows[0].n).toBe(ra.length + rb.length);
    expect(await migrate(a)).toEqual([]);
  } finally {
    await a.end();
    await b.end();
    await db.drop();
  }
});
