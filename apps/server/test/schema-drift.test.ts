import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import * as schema from '../src/db/schema/index.ts';
import { startTestShop, type TestShop } from './test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

// information_schema.data_type → the drizzle column types we use for it.
const SQL_TYPES: Record<string, string[]> = {
  bigint: ['PgBigInt53', 'PgBigSerial53', 'PgBigInt64'],
  integer: ['PgInteger', 'PgSerial'],
  text: ['PgText'],
  boolean: ['PgBoolean'],
  jsonb: ['PgJsonb'],
  'timestamp with time zone': ['PgTimestamp', 'PgTimestampString'],
  date: ['PgDateString', 'PgDate'],
  uuid: ['PgUUID'],
  bytea: ['PgCustomColumn'],
  smallint: ['PgSmallInt'],
};

/** The drizzle schema (used for typed queries) must describe the tables the SQL migrations create. */
it('the drizzle schema matches the migrated database', async () => {
  const tables = (Object.values(schema) as unknown[]).filter((t): t is PgTable => is(t, PgTable));
  expect(tables.length).toBeGreaterThan(20);
  const problems: string[] = [];
  for (const table of tables) {
    const cfg = getTableConfig(table);
    const { rows } = await shop.ctx.db.pool.query<{ column_name: string; data_type: string; is_nullable: string }>(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = 'public' AND table_name = $1`,
      [cfg.name],
    );
    if (rows.length === 0) {
      problems.push(`${cfg.name}: no such table`);
      continue;
    }
    const db = new Map(rows.map((r) => [r.column_name, r]));
    for (const col of cfg.columns) {
      const real = db.get(col.name);
      if (!real) {
        problems.push(`${cfg.name}.${col.name}: not in the database`);
        continue;
      }
      const allowed = SQL_TYPES[real.data_type];
      if (allowed && !allowed.includes(col.columnType)) {
        problems.push(`${cfg.name}.${col.name}: ${col.columnType} in drizzle, ${real.data_type} in the database`);
      }
      if (col.notNull !== (real.is_nullable === 'NO')) {
        problems.push(`${cfg.name}.${col.name}: notNull ${col.notNull} in drizzle, nullable ${real.is_nullable}`);
      }
    }
    for (const name of db.keys()) {
      if (!cfg.columns.some((c) => c.name === name)) problems.push(`${cfg.name}.${name}: missing from drizzle`);
    }
  }
  expect(problems).toEqual([]);
});
