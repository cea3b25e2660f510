/**
 * restore.sh's guard: the target database is created when missing and refused when it already has tables, so a
 * restore never lands on top of a live shop.   npx tsx scripts/lib/ensure-empty-database.ts <database-url>
 */
import pg from 'pg';

const target = process.argv[2];
if (!target) throw new Error('usage: ensure-empty-database.ts <database-url>');
const name = decodeURIComponent(new URL(target).pathname.slice(1));
if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`restore: use a plain database name, not "${name}"`);
const admin = new URL(target);
admin.pathname = '/postgres';
const a = new pg.Client({ connectionString: admin.toString() });
await a.connect();
const exists = (await a.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
if (!exists) {
  await a.query(`CREATE DATABASE ${name}`);
  console.log(`restore: created database ${name}`);
}
await a.end();
const c = new pg.Client({ connectionString: target });
await c.connect();
const { rows } = await c.query<{ n: number }>(
  `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
);
await c.end();
if (rows[0]!.n > 0) {
  console.error(`restore: database ${name} already has ${rows[0]!.n} tables; restore into a new database`);
  process.exit(1);
}
