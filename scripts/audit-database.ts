/**
 * Audits a shop database (scripts/lib/database-audit.ts) and exits 1 when a check fails; restore.sh runs it on
 * every restored database. `--analyze` first rebuilds the planner statistics (a restore has none).
 *
 *   npx tsx scripts/audit-database.ts [--analyze] postgres://…/oripa_restored
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { printChecks } from './lib/bench-audit.ts';
import { auditDatabase } from './lib/database-audit.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { analyze: { type: 'boolean', default: false } },
});
const url = positionals[0] ?? process.env.DATABASE_URL;
if (!url) throw new Error('usage: audit-database.ts [--analyze] <database-url> (or DATABASE_URL)');
if (values.analyze) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query('ANALYZE');
  await c.end();
}
console.log(`audit of ${new URL(url).pathname.slice(1)}:`);
const ok = printChecks(await auditDatabase(url), (l) => console.log(l));
console.log(ok ? 'audit: OK' : 'audit: FAILED');
process.exit(ok ? 0 : 1);
