import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { CLICK_POST_HEADER, parseCsv, YAMATO_B2_HEADER } from '@oripa/core/admin';
import { startTestShop, useShop } from '../test-shop.ts';
import { shippedDraw } from './fulfilment-fixtures.ts';
import { staffClient } from './staff-fixtures.ts';

/**
 * Issue 21 §1: with 3,002 parcels waiting, "export all" and the pick list gave the oldest 500 without a word.
 * Exports stream every row; the pick list pages through all of them with the total shown.
 */
const WAITING = 3_002;

const t = useShop(async () => {
  const shop = await startTestShop();
  const shipping = await staffClient(shop, 'shipping');
  // One real parcel with cards, the rest inserted in one statement (same member and address snapshot).
  const real = await shippedDraw(shop, 2);
  await shop.ctx.db.pool.query(
    `INSERT INTO shipments (member_id, purchase_id, address, status, created_at, updated_at)
     SELECT member_id, NULL, address, 'preparing', created_at, updated_at
     FROM shipments, generate_series(2, $2) WHERE id = $1`,
    [real.shipmentId, WAITING],
  );
  const { rows } = await shop.ctx.db.pool.query<{ id: string }>(
    "SELECT id FROM shipments WHERE status = 'preparing' ORDER BY id",
  );
  return { shop, shipping, ids: rows.map((r) => Number(r.id)), real };
});

const exportRows = async (format: string) => {
  const res = await t.shipping.raw(`/api/admin/shipments/export?format=${format}&status=preparing`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('Shift_JIS');
  return parseCsv(iconv.decode(Buffer.from(await res.arrayBuffer()), 'cp932'));
};

describe('exports and pick lists of a whole status, past 500', () => {
  it('has the waiting parcels to test with', () => {
    expect(t.ids).toHaveLength(WAITING);
  });

  it('the B2 Cloud file of a status has every waiting parcel, once, oldest first', async () => {
    const [header, ...rows] = await exportRows('yamato_b2');
    expect(header).toEqual([...YAMATO_B2_HEADER]);
    expect(rows.map((r) => Number(r[0]))).toEqual(t.ids);
    // The real parcel's cards are counted; every row has the full layout.
    expect(rows[0]![YAMATO_B2_HEADER.indexOf('記事')]).toBe('カード2枚');
    expect(rows.every((r) => r.length === YAMATO_B2_HEADER.length)).toBe(true);
  });

  it('the click post file of a status has every waiting parcel', async () => {
    const [header, ...rows] = await exportRows('click_post');
    expect(header).toEqual([...CLICK_POST_HEADER]);
    expect(rows).toHaveLength(WAITING);
  });

  it('the pick list of a status shows the total and pages through every parcel', async () => {
    const seen: number[] = [];
    let after: number | null = 0;
    let pages = 0;
    while (after !== null) {
      const page = await t.shipping.get(`/admin/shipments/pick-list?status=preparing&after=${after}`);
      expect(page.state, JSON.stringify(page).slice(0, 300)).toBe(200);
      expect(page.total).toBe(WAITING);
      expect(page.from).toBe(seen.length + 1);
      const shipments = page.shipments as { id: number; lines: unknown[] }[];
      seen.push(...shipments.map((s) => s.id));
      expect(page.to).toBe(seen.length);
      after = page.next_after as number | null;
      pages++;
      expect(pages).toBeLessThan(100);
    }
    expect(pages).toBeGreaterThan(1);
    expect(seen).toEqual(t.ids);
  });

  it('a page of the pick list stays put while earlier parcels are packed (keyset, not offset)', async () => {
    const first = await t.shipping.get('/admin/shipments/pick-list?status=preparing');
    const next = first.next_after as number;
    // The first page's parcels are packed: the next page still starts right after them.
    await t.shop.ctx.db.pool.query("UPDATE shipments SET status = 'packed' WHERE status = 'preparing' AND id <= $1", [
      next,
    ]);
    const second = await t.shipping.get(`/admin/shipments/pick-list?status=preparing&after=${next}`);
    expect((second.shipments as { id: number }[])[0]!.id).toBe(t.ids.find((id) => id > next));
    expect(second.total).toBe(t.ids.filter((id) => id > next).length);
    await t.shop.ctx.db.pool.query("UPDATE shipments SET status = 'preparing' WHERE status = 'packed'");
  });
});
