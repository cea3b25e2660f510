import { PAY_ID } from '@oripa/core';
import { endOfTokyoDay } from '@oripa/core/admin';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { foldDailyFigureDeltas } from '../../src/db/queries/daily-figures.ts';
import { openPointsByExpiry, unusedBalancesThrough } from '../../src/db/queries/admin-reports.ts';
import { allJobs } from '../../src/jobs/index.ts';
import { moveClockRunningJobs } from '../../src/jobs/run-due.ts';
import { dashboard, PERIODS, tokyoDayStart, type Period } from '../../src/services/admin/catalogue/dashboard.ts';
import { decide } from '../../src/services/packs/decision.ts';
import { applyStatus } from '../../src/services/payments/status.ts';
import { insertTestMember, ledgerViolations, type StoredMember } from '../factories.ts';
import { buildPack, drawDirect, smallLineup } from '../packs/pack-fixtures.ts';
import { useServiceShop } from '../service-shop.ts';

/**
 * Issue 21 item 7, ADR 0040: the dashboard and the unused-balance report read per-day figures kept by triggers, and
 * must answer exactly what a scan of the rows answers. The scans below are the queries the console ran before (the
 * definition of each figure); the history is built through the shop's own paths — registrations, point purchases
 * credited, failed and pending payments, point and coin draws, choices, the 24-hour conversion job, point expiry —
 * over days of the shop clock (ADR 0034), and compared before and after the deltas are folded.
 */
const t = useServiceShop();
const HOUR = 3600_000;
const DAY = 24 * HOUR;

async function scanDashboard(ctx: AppContext, period: Period) {
  const db = ctx.db.pool;
  const now = ctx.clock.now();
  const from = tokyoDayStart(now, PERIODS[period]);
  const { rows: f } = await db.query(
    `SELECT
       (SELECT COALESCE(sum(point), 0) FROM payments WHERE status = 'succeeded' AND credited_at >= $1 AND credited_at < $2)
         AS points_sold,
       (SELECT COALESCE(sum(append_point + coupon_point), 0) FROM payments
         WHERE status = 'succeeded' AND credited_at >= $1 AND credited_at < $2) AS bonus_points,
       (SELECT COALESCE(-sum(amount), 0) FROM ledger_entries
         WHERE currency = 'point' AND reason = 'pack_purchase' AND created_at >= $1 AND created_at < $2) AS points_spent,
       (SELECT COALESCE(-sum(amount), 0) FROM ledger_entries
         WHERE currency = 'coin' AND reason = 'pack_purchase' AND created_at >= $1 AND created_at < $2) AS coins_spent,
       (SELECT count(*) FROM purchase_cards WHERE created_at >= $1 AND created_at < $2 AND ticket_no > 0) AS draws,
       (SELECT count(*) FROM purchase_cards WHERE status = 'convert' AND decided_at >= $1 AND decided_at < $2)
         AS converted,
       (SELECT count(*) FROM purchase_cards WHERE status = 'ship' AND decided_at >= $1 AND decided_at < $2) AS shipped,
       (SELECT count(*) FROM members WHERE created_at >= $1 AND created_at < $2) AS new_members`,
    [from, now],
  );
  const { rows: methods } = await db.query(
    `SELECT pay_id, sum(amount) AS yen, count(*) AS payments FROM payments
     WHERE status = 'succeeded' AND credited_at >= $1 AND credited_at < $2 GROUP BY pay_id ORDER BY sum(amount) DESC, pay_id`,
    [from, now],
  );
  const { rows: series } = await db.query(
    `WITH d AS (
       SELECT to_char(credited_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD') AS day, amount AS yen, 0 AS draws, 0 AS members
         FROM payments WHERE status = 'succeeded' AND credited_at >= $1
       UNION ALL
       SELECT to_char(created_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), 0, 1, 0 FROM purchase_cards WHERE created_at >= $1 AND ticket_no > 0
       UNION ALL
       SELECT to_char(created_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM-DD'), 0, 0, 1 FROM members WHERE created_at >= $1)
     SELECT day, sum(yen) AS yen, sum(draws) AS draws, sum(members) AS members FROM d GROUP BY day ORDER BY day`,
    [tokyoDayStart(now, 29)],
  );
  const num = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
  return {
    figures: num(f[0]),
    methods: methods.map(num),
    series: series.map((r) => ({ ...num(r), day: r.day as string })),
  };
}

/** The unused balances at the end of a Tokyo day, scanned from the ledger and its lot moves. */
async function scanBalances(ctx: AppContext, day: string) {
  const { rows } = await ctx.db.pool.query(
    `SELECT
       COALESCE(sum(mv.amount) FILTER (WHERE lot.kind = 'paid'), 0)::int AS paid_points,
       COALESCE(sum(mv.amount) FILTER (WHERE lot.kind = 'free'), 0)::int AS free_points,
       (SELECT COALESCE(sum(amount), 0) FROM ledger_entries WHERE currency = 'coin' AND created_at < $1)::int AS coins
     FROM point_lot_moves mv JOIN ledger_entries l ON l.id = mv.ledger_id JOIN point_lots lot ON lot.id = mv.lot_id
     WHERE l.created_at < $1`,
    [endOfTokyoDay(day)],
  );
  return rows[0];
}

/** The points left in open lots by the Tokyo month they expire, those past their expiry day apart. */
async function scanOpenLots(ctx: AppContext, today: string) {
  const { rows } = await ctx.db.pool.query(
    `SELECT to_char(expires_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM') AS month,
       (expires_at AT TIME ZONE 'Asia/Tokyo')::date < $1::date AS overdue,
       COALESCE(sum(remaining) FILTER (WHERE kind = 'paid'), 0) AS paid_points,
       COALESCE(sum(remaining) FILTER (WHERE kind = 'free'), 0) AS free_points
     FROM point_lots WHERE remaining > 0 AND expired_at IS NULL GROUP BY 1, 2 ORDER BY 2 DESC, 1`,
    [today],
  );
  return rows;
}

const tokyoDate = (d: Date) => new Date(d.getTime() + 9 * HOUR).toISOString().slice(0, 10);

async function expectScanEqual(ctx: AppContext, when: string) {
  for (const period of Object.keys(PERIODS) as Period[]) {
    const d = await dashboard(ctx, period);
    expect({ figures: d.figures, methods: d.methods, series: d.series }, `${when}, ${period}`).toEqual(
      await scanDashboard(ctx, period),
    );
  }
  const now = ctx.clock.now();
  expect(await openPointsByExpiry(ctx.db.pool, tokyoDate(now)), `${when}, open points by expiry`).toEqual(
    await scanOpenLots(ctx, tokyoDate(now)),
  );
  for (const back of [0, 1, 3, 40]) {
    const day = tokyoDate(new Date(now.getTime() - back * DAY));
    expect(await unusedBalancesThrough(ctx.db.pool, day), `${when}, balances through ${day}`).toEqual(
      await scanBalances(ctx, day),
    );
  }
}

async function payment(ctx: AppContext, memberId: number, payId: number, amount: number, appendPoint: number) {
  const db = ctx.db.pool;
  const course = await db.query('INSERT INTO point_courses (point, price) VALUES ($1, $1) RETURNING id', [amount]);
  const { rows } = await db.query(
    `INSERT INTO payments (public_id, member_id, point_course_id, pay_id, gateway, status, amount, point, append_point,
       created_at, updated_at)
     VALUES (gen_random_uuid()::text, $1, $2, $3, 'sandbox', 'pending', $4, $4, $5, $6, $6) RETURNING id`,
    [memberId, course.rows[0].id, payId, amount, appendPoint, ctx.clock.now()],
  );
  return Number(rows[0].id);
}

const pendingCards = async (ctx: AppContext, purchaseId: number) =>
  (
    await ctx.db.pool.query<{ id: string }>(
      "SELECT id FROM purchase_cards WHERE purchase_id = $1 AND status = 'pending' ORDER BY id",
      [purchaseId],
    )
  ).rows.map((r) => Number(r.id));

describe('the console figures per Tokyo day (ADR 0040)', () => {
  it('answer exactly what a scan of the same rows answers, over days of history, folded or not', async () => {
    const { ctx, clock } = t.shop;
    const db = ctx.db.pool;
    const pointPack = await buildPack(t.shop, { cards: smallLineup(600), point: 100 });
    const coinPack = await buildPack(t.shop, { cards: smallLineup(200), point: 50, paymentMethod: '2' });
    const members: StoredMember[] = [];
    const methods = [PAY_ID.card, PAY_ID.combini, PAY_ID.bankTransfer];
    await expectScanEqual(ctx, 'empty shop');

    for (let day = 0; day < 8; day++) {
      // Start the day near a Tokyo midnight now and then, so rows fall on both sides of it.
      if (day % 3 === 1) {
        const next = tokyoDayStart(clock.now(), -1).getTime();
        await moveClockRunningJobs(ctx, clock, new Date(next - 20 * 60_000), allJobs);
      }
      const rich = await insertTestMember(t.shop, { paidPoints: 4_000, freePoints: 300, coins: 600, address: true });
      members.push(rich);
      if (day % 2 === 0) members.push(await insertTestMember(t.shop, { paidPoints: 1_000, address: true }));

      for (const m of members.slice(-3)) {
        const bought = await drawDirect(ctx, m.id, pointPack, 1 + (day % 3));
        // Some choose at once (one card shipped, the rest converted); the rest are left to the 24-hour job.
        if ((m.id + day) % 2 === 0) {
          const [ship, ...convert] = await pendingCards(ctx, bought.purchaseId);
          await decide(ctx, m.id, [ship!], convert);
        }
      }
      await drawDirect(ctx, rich.id, coinPack, 2);

      const paid = await payment(ctx, rich.id, methods[day % 3]!, 1_000 + 500 * day, day * 10);
      await applyStatus(ctx, paid, 'succeeded', 'test');
      const failed = await payment(ctx, members[0]!.id, PAY_ID.card, 3_000, 0);
      await applyStatus(ctx, failed, 'failed', 'test', { failureReason: 'declined' });
      // A bank transfer left waiting, received the next day.
      const transfer = await payment(ctx, members[0]!.id, PAY_ID.bankTransfer, 2_000, 0);

      await expectScanEqual(ctx, `day ${day}, deltas not folded`);
      // Fold a few deltas (part of the history in each table), then compare again.
      expect(await foldDailyFigureDeltas(db, 5)).toBeGreaterThan(0);
      await expectScanEqual(ctx, `day ${day}, partly folded`);

      // Move on 1 day and 5 hours, every job running as the time passes (the fold job among them).
      await moveClockRunningJobs(ctx, clock, new Date(clock.now().getTime() + DAY + 5 * HOUR), allJobs);
      await applyStatus(ctx, transfer, 'succeeded', 'test');
      await expectScanEqual(ctx, `day ${day + 1}, after the jobs`);
    }
    const { rows: counted } = await db.query(
      `SELECT sum(converted)::int AS converted, sum(shipped)::int AS shipped, sum(draws)::int AS draws
       FROM daily_figures_all`,
    );
    // The history holds every kind of row the figures count.
    expect(counted[0].converted).toBeGreaterThan(10);
    expect(counted[0].shipped).toBeGreaterThan(3);

    // Six months on, in day steps: the lots expire (free first), and the balances follow.
    await moveClockRunningJobs(ctx, clock, new Date(clock.now().getTime() + 190 * DAY), allJobs, DAY);
    const expired = await db.query("SELECT count(*)::int AS n FROM ledger_entries WHERE reason = 'expiry'");
    expect(expired.rows[0].n).toBeGreaterThan(0);
    await expectScanEqual(ctx, 'after expiry');
    while ((await foldDailyFigureDeltas(db, 1_000)) > 0);
    expect((await db.query('SELECT count(*)::int AS n FROM daily_figure_deltas')).rows[0].n).toBe(0);
    await expectScanEqual(ctx, 'all folded');
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });
});
