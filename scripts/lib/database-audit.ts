/**
 * The audit of a whole shop database (after a restore, and the purchase part after a chaos run): the books as the
 * API tests define them (test/factories.ts ledgerViolations: balances = ledger = lots, each pack's cursor = its
 * cards = tickets 1..drawn), no half-written purchase, and every migration and database function of this build.
 */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { FUNCTIONS_DIR, MIGRATIONS_DIR } from '../../apps/server/src/db/migrate.ts';
import { ledgerViolations } from '../../apps/server/test/factories.ts';
import type { TestShop } from '../../apps/server/test/test-shop.ts';
import type { Check } from './bench-audit.ts';

/** Purchases missing a card or their one debit, and cards without their purchase; of one pack or of all. */
export async function purchaseChecks(url: string, packId: number | null = null): Promise<Check[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    const one = async (sql: string) => Number(Object.values((await pool.query(sql, [packId])).rows[0])[0]);
    const half = await one(`
      SELECT count(*) FROM purchases p WHERE ($1::bigint IS NULL OR p.pack_id = $1) AND (
        -- A sold-out pack's last-one prize is a card beyond the count (ticket 0, migration 0015).
        p.count <> (SELECT count(*) FROM purchase_cards c WHERE c.purchase_id = p.id AND NOT c.last_one)
        OR (SELECT count(*) FROM ledger_entries l WHERE l.ref_type = 'purchase' AND l.ref_id = p.id
              AND l.reason = 'pack_purchase' AND l.amount = -p.price) <> 1)`);
    const orphans = await one(`
      SELECT count(*) FROM purchase_cards c WHERE ($1::bigint IS NULL OR c.pack_id = $1)
        AND NOT EXISTS (SELECT 1 FROM purchases p WHERE p.id = c.purchase_id)`);
    // The last-one prize (ADR 0028): ticket 0, given once, with the final ticket, to a pack that names one.
    const lastOneOff = await one(`
      SELECT count(*) FROM pack_stock s JOIN packs k ON k.id = s.pack_id
      WHERE ($1::bigint IS NULL OR s.pack_id = $1) AND (
        (SELECT count(*) FROM purchase_cards c WHERE c.pack_id = s.pack_id AND c.last_one)
          <> CASE WHEN s.drawn = s.total AND EXISTS
                    (SELECT 1 FROM pack_cards pc WHERE pc.pack_id = s.pack_id AND pc.last_one) THEN 1 ELSE 0 END
        OR EXISTS (SELECT 1 FROM purchase_cards c WHERE c.pack_id = s.pack_id AND c.last_one
                     AND NOT EXISTS (SELECT 1 FROM purchase_cards f WHERE f.purchase_id = c.purchase_id
                                       AND f.ticket_no = s.total)))`);
    return [
      ['no half-written purchase (cards and one debit per purchase)', half === 0, `${half} purchases incomplete`],
      ['no card without its purchase', orphans === 0, `${orphans} orphan cards`],
      [
        'each last-one prize given once, with the final ticket, to a sold-out pack',
        lastOneOff === 0,
        `${lastOneOff} packs off`,
      ],
    ];
  } finally {
    await pool.end();
  }
}

const sqlNames = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .map((f) => f.slice(0, -4))
    .sort();

export async function auditDatabase(url: string): Promise<Check[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    // ledgerViolations reads through shop.ctx.db.pool only.
    const off = await ledgerViolations({ ctx: { db: { pool } } } as unknown as TestShop);
    const { rows: fns } = await pool.query<{ proname: string }>(
      `SELECT DISTINCT proname FROM pg_proc WHERE pronamespace = 'public'::regnamespace`,
    );
    const missingFns = sqlNames(FUNCTIONS_DIR).filter((f) => !fns.some((r) => r.proname === f));
    const { rows: applied } = await pool.query<{ name: string }>('SELECT name FROM schema_migrations');
    const missingMigrations = sqlNames(MIGRATIONS_DIR).filter((m) => !applied.some((r) => r.name === `${m}.sql`));
    const { rows: counts } = await pool.query<{ members: string; purchases: string; cards: string }>(
      `SELECT (SELECT count(*) FROM members) AS members, (SELECT count(*) FROM purchases) AS purchases,
         (SELECT count(*) FROM purchase_cards) AS cards`,
    );
    const c = counts[0]!;
    return [
      [
        'every balance equals its ledger and lots; every stock cursor matches its cards',
        off.length === 0,
        `${off.length} members or packs off; ${c.members} members, ${c.purchases} purchases, ${c.cards} cards`,
      ],
      ...(await purchaseChecks(url)),
      ['every migration applied', missingMigrations.length === 0, `missing: ${missingMigrations.join(', ') || 'none'}`],
      ['every database function present', missingFns.length === 0, `missing: ${missingFns.join(', ') || 'none'}`],
    ];
  } finally {
    await pool.end();
  }
}
