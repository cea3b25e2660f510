import { describe, expect, it } from 'vitest';
import { tokyoDayStart } from '../../src/services/admin/catalogue/dashboard.ts';
import { buildMember } from '../factories.ts';
import { buildPack, drawVia, smallLineup } from '../packs/pack-fixtures.ts';
import { useTestShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

const t = useTestShop();

interface Dash {
  figures: Record<string, number>;
  methods: { pay_id: number; yen: number }[];
  series: { day: string; yen: number; draws: number }[];
  nearSellOut: { id: number; total: number; drawn: number }[];
  pending: { shipments: number; transfers: number; transfer_yen: number };
}

async function payment(memberId: number, payId: number, amount: number, status: string, creditedAt: Date | null) {
  const db = t.shop.ctx.db.pool;
  const course = await db.query('INSERT INTO point_courses (point, price) VALUES (1000, 1000) RETURNING id');
  await db.query(
    `INSERT INTO payments (public_id, member_id, point_course_id, pay_id, gateway, status, amount, point, append_point,
       credited_at, created_at)
     VALUES (gen_random_uuid()::text, $1, $2, $3, 'sandbox', $4, $5, $5, 10, $6, COALESCE($6, now()))`,
    [memberId, course.rows[0].id, payId, status, amount, creditedAt],
  );
}

describe('GET /api/admin/dashboard', () => {
  it('counts sales by method, points, draws, members; lists packs near selling out and waiting work', async () => {
    const now = t.shop.clock.now();
    const m = await buildMember(t.shop, { paidPoints: 50_000, address: true });
    await payment(m.id, 1, 3000, 'succeeded', now);
    await payment(m.id, 2, 1000, 'succeeded', now);
    await payment(m.id, 1, 5000, 'succeeded', new Date(now.getTime() - 10 * 24 * 3600_000));
    await payment(m.id, 4, 2000, 'pending', null);
    const packId = await buildPack(t.shop, { cards: smallLineup(14), point: 100 });
    const { buy } = await drawVia(m.client, packId, 17);
    // The member ships one card and converts the other sixteen.
    const drawn = (buy!.cards as { history_id: number }[]).map((c) => c.history_id);
    const decided = await m.client.post('/user/pack/decision', {
      send_card: drawn.slice(0, 1),
      reduction_card: drawn.slice(1),
    });
    expect(decided.state, JSON.stringify(decided)).toBe(200);

    const op = await staffClient(t.shop, 'operator');
    const today = (await op.get('/admin/dashboard?period=today')) as unknown as Dash & { state: number };
    expect(today.state).toBe(200);
    expect(today.methods).toEqual([
      { pay_id: 1, yen: 3000, payments: 1 },
      { pay_id: 2, yen: 1000, payments: 1 },
    ]);
    expect(today.figures.points_sold).toBe(4000);
    expect(today.figures.bonus_points).toBe(20);
    expect(today.figures.points_spent).toBe(1700);
    expect(today.figures.draws).toBe(17);
    expect([today.figures.shipped, today.figures.converted]).toEqual([1, 16]);
    expect(today.figures.new_members).toBeGreaterThanOrEqual(1);
    expect(today.nearSellOut.map((p) => [p.id, p.drawn, p.total])).toEqual([[packId, 17, 20]]);
    expect(today.pending.transfers).toBe(1);
    expect(today.pending.transfer_yen).toBe(2000);

    const month = (await op.get('/admin/dashboard?period=30d')) as unknown as Dash;
    expect(month.figures.points_sold).toBe(9000);
    expect(month.series.reduce((s, d) => s + d.yen, 0)).toBe(9000);
    expect(month.series.reduce((s, d) => s + d.draws, 0)).toBe(17);

    expect((await op.get('/admin/dashboard?period=year')).state).toBe(400);
    const shipping = await staffClient(t.shop, 'shipping');
    expect((await shipping.get('/admin/dashboard')).state).toBe(403);
  });

  it('starts days at midnight in Tokyo', () => {
    // 2026-03-01 00:30 JST is 2026-02-28 15:30 UTC.
    const now = new Date('2026-02-28T15:30:00Z');
    expect(tokyoDayStart(now, 0).toISOString()).toBe('2026-02-28T15:00:00.000Z');
    expect(tokyoDayStart(now, 6).toISOString()).toBe('2026-02-22T15:00:00.000Z');
  });
});
