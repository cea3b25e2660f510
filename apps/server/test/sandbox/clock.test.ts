import { addMonthsTokyo, previousMonth, rankPeriod, tokyoMonthStart } from '@oripa/core';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ShopClock } from '../../src/services/shop-clock.ts';
import { buildMember } from '../factories.ts';
import { buildPack, drawVia, smallLineup } from '../packs/pack-fixtures.ts';
import { useTestShop } from '../test-shop.ts';

const t = useTestShop();
const DAY = 24 * 3600_000;

async function clockCall(method: 'GET' | 'POST', body?: unknown) {
  const res = await fetch(`${t.shop.baseUrl}/sandbox/clock`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { now?: string; error?: string; steps?: number } };
}

const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);

describe('the sandbox shop clock (issue 19)', () => {
  it('answers the shop time in ISO 8601 with the Tokyo offset, and moves it forward only', async () => {
    const before = await clockCall('GET');
    expect(before.status).toBe(200);
    expect(before.body.now).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+09:00$/);
    const start = Date.parse(before.body.now!);
    expect(Math.abs(start - t.shop.clock.now().getTime())).toBeLessThan(5_000);

    const moved = await clockCall('POST', { advance_seconds: 7200 });
    expect(moved.status).toBe(200);
    expect(Date.parse(moved.body.now!) - start).toBeGreaterThanOrEqual(7_200_000);
    expect(Date.parse(moved.body.now!) - start).toBeLessThan(7_200_000 + 5_000);
    expect(moved.body.steps).toBe(2); // an hour at most per step

    // Every /api reply tells the SPA the shop's time (its countdowns follow it).
    const api = await fetch(`${t.shop.baseUrl}/api/user/point`);
    expect(Math.abs(Number(api.headers.get('x-shop-time')) - Date.parse(moved.body.now!))).toBeLessThan(5_000);

    const target = new Date(Date.parse(moved.body.now!) + DAY);
    const to = await clockCall('POST', { now: target.toISOString() });
    expect(Math.abs(Date.parse(to.body.now!) - target.getTime())).toBeLessThan(5_000);

    // Never back, and bad input changes nothing.
    const afterGood = t.shop.clock.now().getTime();
    for (const body of [
      { now: new Date(afterGood - DAY).toISOString() },
      { advance_seconds: -1 },
      { advance_seconds: '60' },
      { advance_seconds: 1.5 },
      { advance_seconds: 1e12 },
      { advance_seconds: 60, now: target.toISOString() },
      { now: '2026-13-01' },
      { now: "2027-01-01T00:00:00+09:00'; DROP TABLE shop_clock; --" },
      {},
    ]) {
      const r = await clockCall('POST', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBeTruthy();
    }
    expect(t.shop.clock.now().getTime() - afterGood).toBeLessThan(5_000);
  });

  it('runs the jobs that fell due on the way: a drawn card converts after 24 hours', async () => {
    const packId = await buildPack(t.shop, { cards: smallLineup(20) });
    const m = await buildMember(t.shop, { paidPoints: 50_000 });
    const drawn = await drawVia(m.client, packId, 3);
    expect(drawn.buy?.cards).toHaveLength(3);
    const status = async () =>
      (await q('SELECT status FROM purchase_cards WHERE member_id = $1', [m.id])).rows.map((r) => r.status);
    await clockCall('POST', { advance_seconds: 23 * 3600 });
    expect(await status()).toEqual(['pending', 'pending', 'pending']);
    await clockCall('POST', { advance_seconds: 3600 + 60 });
    expect(await status()).toEqual(['convert', 'convert', 'convert']);
  });

  it('judges every month end it crosses, each at its own time, not once at the target', async () => {
    const m = await buildMember(t.shop, { rank: 3 });
    const period = rankPeriod(t.shop.clock.now());
    await q('UPDATE members SET rank_evaluated_period = $2 WHERE id = $1', [m.id, previousMonth(period)]);
    // From the month's last hour (jumped to without running jobs) across two month ends at once.
    const nextStart = addMonthsTokyo(tokyoMonthStart(period), 1);
    t.shop.clock.advance(nextStart.getTime() - 3600_000 - t.shop.clock.now().getTime());
    const target = addMonthsTokyo(tokyoMonthStart(period), 2);
    const r = await clockCall('POST', { now: new Date(target.getTime() + DAY).toISOString() });
    expect(r.status).toBe(200);
    const events = await q(
      `SELECT to_char(period, 'YYYY-MM-DD') AS period, from_rank, to_rank, created_at FROM rank_events
       WHERE member_id = $1 AND kind = 'month_end' ORDER BY period`,
      [m.id],
    );
    expect(events.rows.map((e) => [e.period, e.from_rank, e.to_rank])).toEqual([
      [period, 3, 2],
      [rankPeriod(new Date(target.getTime() - DAY)), 2, 1],
    ]);
    // Each judged within the first hour of its next month, as the job would have in real time.
    const firstStart = addMonthsTokyo(tokyoMonthStart(period), 1);
    const judgedAt = new Date(events.rows[0].created_at).getTime();
    expect(judgedAt - firstStart.getTime()).toBeGreaterThanOrEqual(0);
    expect(judgedAt - firstStart.getTime()).toBeLessThanOrEqual(3600_000);
  });

  it("runs the clean-up jobs on the shop's time: dead reissue links and old rejected callbacks go", async () => {
    // The shop's time well ahead of the real time, as in a sandbox moved on for weeks.
    t.shop.clock.advance(20 * DAY);
    const m = await buildMember(t.shop);
    const now = t.shop.clock.now();
    await q(`INSERT INTO password_resets (member_id, token_hash, expires_at) VALUES ($1, 'clock-test', $2)`, [
      m.id,
      new Date(now.getTime() + 20 * 60_000),
    ]);
    // A callback the shop rejects (unsigned), kept as evidence for 14 days of the shop's time from its arrival.
    const rejected = await fetch(`${t.shop.baseUrl}/api/payment/webhook/sandbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"id":"clock-test"}',
    });
    expect(rejected.status).toBe(400);
    const left = async () => ({
      resets: (await q(`SELECT 1 FROM password_resets WHERE token_hash = 'clock-test'`)).rowCount,
      callbacks: (await q(`SELECT 1 FROM payment_callbacks WHERE body LIKE '%clock-test%'`)).rowCount,
    });
    await clockCall('POST', { advance_seconds: 86_400 }); // the link ran out; it is kept a day for support
    expect(await left()).toEqual({ resets: 1, callbacks: 1 });
    await clockCall('POST', { advance_seconds: 86_400 });
    expect(await left()).toEqual({ resets: 0, callbacks: 1 });
    await clockCall('POST', { advance_seconds: 13 * 86_400 }); // rejected callbacks are kept 14 days
    expect(await left()).toEqual({ resets: 0, callbacks: 0 });
  });

  it('is shared by every instance through the database and survives a restart', async () => {
    const a = await ShopClock.start(t.shop.ctx.db.pool, 60_000);
    const pool = new pg.Pool({ connectionString: t.shop.databaseUrl, max: 1 });
    const b = await ShopClock.start(pool, 60_000);
    try {
      const start = Math.max(a.now().getTime(), b.now().getTime());
      await a.moveTo(new Date(start + 3 * DAY));
      expect(a.now().getTime() - start).toBeGreaterThanOrEqual(3 * DAY);
      await b.refresh();
      expect(Math.abs(b.now().getTime() - a.now().getTime())).toBeLessThan(1_000);
      // A slower instance's older move never takes it back.
      await b.moveTo(new Date(start + DAY));
      await a.refresh();
      expect(a.now().getTime() - start).toBeGreaterThanOrEqual(3 * DAY);
      // A new instance (a restart) starts at the shared time.
      const c = await ShopClock.start(pool, 60_000);
      expect(c.now().getTime() - start).toBeGreaterThanOrEqual(3 * DAY);
      c.stop();
    } finally {
      a.stop();
      b.stop();
      await pool.end();
    }
  });
});
