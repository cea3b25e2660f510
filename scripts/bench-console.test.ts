import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { cloneTemplateDatabase } from '../apps/server/test/test-database.ts';
import { seedConsoleDatabase } from './bench-console/seed.ts';

// npm run bench:console's seeding at a very small size, so it cannot rot: the shop it writes passes the database's
// own checks (references, records, the per-day figures' triggers) and the books balance.
describe('npm run bench:console, the seed', () => {
  it('writes a small year of history whose books balance', { timeout: 120_000 }, async () => {
    const url = await cloneTemplateDatabase();
    const seeded = await seedConsoleDatabase(url, { members: 40, purchases: 300 });
    expect(seeded).toMatchObject({ members: 40, purchases: 300, payments: 90 });
    expect(seeded.cards).toBeGreaterThanOrEqual(300);
    expect(seeded.shipments).toBeGreaterThan(0);
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    try {
      const one = async (sql: string) => Object.values((await db.query(sql)).rows[0])[0];
      // Balance = ledger = unexpired lots' remaining points, for every member.
      expect(
        await one(`SELECT count(*)::int FROM members m
          WHERE m.point_balance <> (SELECT COALESCE(sum(amount), 0) FROM ledger_entries l
              WHERE l.member_id = m.id AND l.currency = 'point')
             OR m.point_balance <> (SELECT COALESCE(sum(remaining), 0) FROM point_lots p
              WHERE p.member_id = m.id AND p.expired_at IS NULL)`),
      ).toBe(0);
      // Every lot's remaining points are the sum of its moves; the drawn cards are the packs' tickets in order.
      expect(
        await one(`SELECT count(*)::int FROM point_lots l
          WHERE l.remaining <> (SELECT sum(amount) FROM point_lot_moves v WHERE v.lot_id = l.id)`),
      ).toBe(0);
      expect(
        await one(`SELECT count(*)::int FROM pack_stock s
          WHERE s.drawn <> (SELECT count(*) FROM purchase_cards d WHERE d.pack_id = s.pack_id)
             OR s.drawn <> (SELECT max(ticket_no) FROM purchase_cards d WHERE d.pack_id = s.pack_id)`),
      ).toBe(0);
      // The per-day figures were kept by the triggers and folded: they add up to the rows.
      expect(await one('SELECT count(*)::int FROM daily_figure_deltas')).toBe(0);
      expect(await one('SELECT sum(draws)::int FROM daily_figures')).toBe(seeded.cards);
      expect(await one('SELECT sum(new_members)::int FROM daily_figures')).toBe(40);
    } finally {
      await db.end();
    }
  });
});
