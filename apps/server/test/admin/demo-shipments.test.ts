import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoOwner } from '../../src/seed/demo-owner.ts';
import { seedDemoPacks } from '../../src/seed/demo-packs.ts';
import { DEMO_SHIPPERS, seedDemoShipments } from '../../src/seed/demo-shipments.ts';
import { ledgerViolations } from '../factories.ts';
import { outboxOf } from '../mail/mail-shop.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(() => shop.close());

interface QueueRow {
  id: number;
  status: string;
  line_count?: number;
  carrier?: string | null;
  tracking_number?: string | null;
}

describe('demo shipments (issue 10: the fulfilment queue is not empty on npm start)', () => {
  it('seeds parcels in every working status through the purchase, decision and move services', async () => {
    await seedDemoPacks(shop.ctx);
    // Without the demo owner (production) there is nobody to move parcels: nothing is seeded.
    await seedDemoShipments(shop.ctx);
    expect((await shop.ctx.db.pool.query('SELECT 1 FROM shipments')).rowCount).toBe(0);

    await seedDemoOwner(shop.ctx);
    await seedDemoShipments(shop.ctx);
    await seedDemoShipments(shop.ctx); // once only

    // What the shipping staff see in the console's queue.
    const shipping = await staffClient(shop, 'shipping');
    const queue = await shipping.get('/admin/shipments?per_page=100');
    expect(queue.state, JSON.stringify(queue)).toBe(200);
    const rows = queue.rows as QueueRow[];
    const byStatus = (s: string) => rows.filter((r) => r.status === s);
    const planned = (s: string) => DEMO_SHIPPERS.filter((d) => (d.moves.at(-1)?.to ?? 'preparing') === s).length;
    expect(rows).toHaveLength(DEMO_SHIPPERS.length);
    for (const s of ['preparing', 'packed', 'shipped', 'held']) {
      expect(byStatus(s), s).toHaveLength(planned(s));
      expect(planned(s), s).toBeGreaterThan(0);
    }

    // The shipped one has its tracking number on record, a timeline and the member's mail.
    const shipped = byStatus('shipped')[0]!;
    const detail = await shipping.get(`/admin/shipments/${shipped.id}`);
    expect(JSON.stringify(detail.shipment)).toContain('470123456784');
    const steps = (detail.events as { to_status: string }[]).map((e) => e.to_status);
    expect(steps).toEqual(['preparing', 'packed', 'shipped']);
    const shipper = DEMO_SHIPPERS.find((d) => d.moves.at(-1)?.to === 'shipped')!;
    expect(await outboxOf(shop, shipper.mail)).toHaveLength(1);

    // Every line is a drawn card its member chose to ship; points moved only with ledger rows; moves are audited.
    const { rows: lines } = await shop.ctx.db.pool.query(
      'SELECT status, count(*)::int AS n FROM purchase_cards WHERE shipment_id IS NOT NULL GROUP BY status',
    );
    expect(lines).toEqual([{ status: 'ship', n: DEMO_SHIPPERS.reduce((sum, d) => sum + d.draws, 0) }]);
    expect(await ledgerViolations(shop)).toEqual([]);
    const { rows: audit } = await shop.ctx.db.pool.query(
      "SELECT action FROM audit_log WHERE action LIKE 'shipment.%' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual(DEMO_SHIPPERS.flatMap((d) => d.moves.map((m) => `shipment.${m.to}`)));
  });
});
