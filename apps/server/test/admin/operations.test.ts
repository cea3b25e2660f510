import { describe, expect, it } from 'vitest';
import { withTransaction } from '../../src/db/transaction.ts';
import { grantPoints, spendPoints } from '../../src/services/ledger.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

const t = useShop(async () => {
  const shop = await startTestShop();
  return {
    shop,
    owner: await staffClient(shop, 'owner'),
    shipping: await staffClient(shop, 'shipping'),
    support: await staffClient(shop, 'support'),
  };
});
const at = (iso: string) => new Date(`${iso}+09:00`);
const DAY = 24 * 3600_000;
const tokyoDay = (d: Date) => new Date(d.getTime() + 9 * 3600_000).toISOString().slice(0, 10);

describe('unused-balance report (資金決済法 base dates)', () => {
  it('sums paid and free points left at the end of 3/31 and 9/30 from a ledger built here', async () => {
    const before = await t.owner.get('/admin/operations/unused-balance');
    const base = Object.fromEntries((before.rows as { date: string }[]).map((r) => [r.date, r]));
    const a = await buildMember(t.shop);
    const b = await buildMember(t.shop);
    await withTransaction(t.shop.ctx.db, async (tx) => {
      const g = (memberId: number, amount: number, kind: 'paid' | 'free', when: string) =>
        grantPoints(tx, { memberId, amount, kind, reason: 'test', now: at(when) });
      const s = (memberId: number, amount: number, when: string) =>
        spendPoints(tx, { memberId, amount, reason: 'test', now: at(when) });
      await g(a.id, 5000, 'paid', '2026-01-10T10:00:00');
      await s(a.id, 2000, '2026-02-01T10:00:00');
      await g(a.id, 300, 'free', '2026-03-01T10:00:00');
      // The last second of the base date counts; the first second after it does not.
      await g(b.id, 700, 'paid', '2026-03-31T23:59:59');
      await g(b.id, 900, 'paid', '2026-04-01T00:00:00');
      // Free points go first: this takes 300 free and 700 paid.
      await s(a.id, 1000, '2026-04-05T10:00:00');
    });
    const report = await t.owner.get('/admin/operations/unused-balance');
    expect(report.state).toBe(200);
    type Row = { date: string; paid_points: number; free_points: number; unused_yen: number; deposit_yen: number };
    const rows = Object.fromEntries((report.rows as Row[]).map((r) => [r.date, r]));
    const delta = (date: string, key: 'paid_points' | 'free_points') =>
      rows[date]![key] - (base[date] as unknown as Record<string, number>)[key]!;
    expect(delta('2026-03-31', 'paid_points')).toBe(3000 + 700);
    expect(delta('2026-03-31', 'free_points')).toBe(300);
    expect(delta('2026-09-30', 'paid_points')).toBe(2300 + 700 + 900);
    expect(delta('2026-09-30', 'free_points')).toBe(0);
    expect(rows['2026-09-30']!.unused_yen).toBe(rows['2026-09-30']!.paid_points);
    expect(rows['2026-09-30']!.deposit_yen).toBe(0);

    const one = await t.owner.get('/admin/operations/unused-balance?date=2026-03-31');
    expect(one.rows).toHaveLength(1);
    expect((await t.owner.get('/admin/operations/unused-balance?date=2026-04-30')).state).toBe(400);
    expect((await t.shipping.get('/admin/operations/unused-balance')).state).toBe(403);
  });

  it("shows today's balance beside the base dates, paid and free apart, by lot expiry, against ¥10,000,000", async () => {
    type Figures = { paid_points: number; free_points: number; over_threshold: boolean; deposit_yen: number };
    type Expiry = { month: string; overdue: boolean; paid_points: number; free_points: number };
    type Report = { threshold_yen: number; today: Figures & { at: string }; expiry: Expiry[]; rows: unknown[] };
    const read = async () => (await t.owner.get('/admin/operations/unused-balance')) as unknown as Report;
    const before = await read();
    const now = t.shop.clock.now();
    const m = await buildMember(t.shop);
    await withTransaction(t.shop.ctx.db, async (tx) => {
      await grantPoints(tx, { memberId: m.id, amount: 7000, kind: 'paid', reason: 'test', now });
      await grantPoints(tx, { memberId: m.id, amount: 300, kind: 'free', reason: 'test', now });
      // Free points go first: 100 of the 300.
      await spendPoints(tx, { memberId: m.id, amount: 100, reason: 'test', now });
      // Granted seven months ago, so past its date; the hourly expiry job has not reached it yet.
      await grantPoints(tx, {
        memberId: m.id,
        amount: 50,
        kind: 'paid',
        reason: 'test',
        now: new Date(now.getTime() - 213 * DAY),
      });
    });
    const after = await read();
    expect(after.threshold_yen).toBe(10_000_000);
    expect(after.today.at.slice(0, 10)).toBe(tokyoDay(now));
    expect(after.today.paid_points - before.today.paid_points).toBe(7050);
    expect(after.today.free_points - before.today.free_points).toBe(200);
    expect(after.today.over_threshold).toBe(false);
    // The month the new lots expire in (six months on, in Tokyo); and the overdue lot apart, first.
    const month = (e: Expiry[], overdue: boolean, m: string) =>
      e.find((x) => x.overdue === overdue && x.month === m) ?? { paid_points: 0, free_points: 0 };
    const { rows: lot } = await t.shop.ctx.db.pool.query(
      "SELECT to_char(expires_at AT TIME ZONE 'Asia/Tokyo', 'YYYY-MM') AS month FROM point_lots WHERE member_id = $1 AND granted = 7000",
      [m.id],
    );
    const expires = lot[0].month as string;
    const moved = (k: 'paid_points' | 'free_points') =>
      month(after.expiry, false, expires)[k] - month(before.expiry, false, expires)[k];
    expect([moved('paid_points'), moved('free_points')]).toEqual([7000, 200]);
    expect(after.expiry[0]).toMatchObject({ overdue: true });
    expect(after.expiry.filter((e) => e.overdue).reduce((n, e) => n + e.paid_points, 0)).toBeGreaterThanOrEqual(50);
    // The expiry split adds up to today's balance.
    expect(after.expiry.reduce((n, e) => n + e.paid_points, 0)).toBe(after.today.paid_points);
    // Over the threshold, today says so and what the deposit would be.
    await withTransaction(t.shop.ctx.db, (tx) =>
      grantPoints(tx, { memberId: m.id, amount: 10_000_000, kind: 'paid', reason: 'test', now }),
    );
    const over = await read();
    expect(over.today.over_threshold).toBe(true);
    expect(over.today.deposit_yen).toBe(Math.ceil(over.today.paid_points / 2));
  });

  it('exports a month of sales and point movements as CSV (UTF-8 with BOM)', async () => {
    const res = await t.owner.raw('/api/admin/operations/export?month=2026-02&kind=points');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain('points_2026-02.csv');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const text = bytes.toString('utf8');
    expect(text.split('\r\n')[0]).toBe('\uFEFF日時,台帳ID,会員ID,増減,残高,理由,理由コード,参照種別,参照ID,メモ');
    // The reason by name in the staff's language (core ledgerLabel), then its code.
    expect(text).toMatch(/2026-02-01 10:00:00,\d+,\d+,-2000,3000,デモ・テスト用の残高,test,/);
    expect(text).not.toContain('2026-01-10');
    const sales = await t.owner.raw('/api/admin/operations/export?month=2026-02&kind=sales');
    expect((await sales.text()).split('\r\n')[0]).toBe(
      '入金日時,決済ID,会員ID,決済方法,決済会社,金額(円),購入ポイント,ランク特典,クーポン特典',
    );
    // The staff's language is the console's (its lang cookie).
    t.owner.setCookie('lang', 'en');
    const enText = await (await t.owner.raw('/api/admin/operations/export?month=2026-02&kind=points')).text();
    t.owner.setCookie('lang', 'ja');
    expect(enText.split('\r\n')[0]).toBe(
      'Time,Ledger ID,Member ID,Change,Balance,Reason,Reason code,Reference,Reference ID,Memo',
    );
    expect(enText).toMatch(/2026-02-01 10:00:00,\d+,\d+,-2000,3000,Demo or test balance,test,/);
    expect((await t.owner.get('/admin/operations/export?month=2026-13&kind=sales')).state).toBe(400);
    expect((await t.support.get('/admin/operations/export?month=2026-02&kind=sales')).state).toBe(403);
  });
});

describe('monthly CSVs at length (issue 21)', () => {
  it('stream every row of a month in order, batch after batch, and nothing of the months around it', async () => {
    const m = await buildMember(t.shop);
    const db = t.shop.ctx.db.pool;
    // 4,500 point rows in July 2025 and one each side of it; 4,100 payments, 4,000 of them credited at one instant.
    await db.query(
      `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, reason, created_at)
       SELECT $1, 'point', g + 1, g + 1, 'test', timestamptz '2025-07-01 00:00:00+09' + g * interval '1 minute'
       FROM generate_series(0, 4499) g`,
      [m.id],
    );
    await db.query(
      `INSERT INTO ledger_entries (member_id, currency, amount, balance_after, reason, created_at)
       VALUES ($1, 'point', -7, 0, 'test', '2025-06-30 23:59:59+09'), ($1, 'point', -8, 0, 'test', '2025-08-01 00:00:00+09')`,
      [m.id],
    );
    const course = await db.query('INSERT INTO point_courses (point, price) VALUES (1000, 1000) RETURNING id');
    await db.query(
      `INSERT INTO payments (public_id, member_id, point_course_id, pay_id, gateway, status, amount, point, credited_at)
       SELECT 'bulk-' || g, $1, $2, 1, 'sandbox', 'succeeded', 1000 + g, 1000,
         CASE WHEN g < 4000 THEN timestamptz '2025-07-15 12:00:00+09' ELSE timestamptz '2025-07-20 12:00:00+09' END
       FROM generate_series(0, 4099) g`,
      [m.id, course.rows[0].id],
    );
    const points = await (await t.owner.raw('/api/admin/operations/export?month=2025-07&kind=points')).text();
    const lines = points.split('\r\n').slice(1, -1);
    expect(lines).toHaveLength(4500);
    expect(lines.map((l) => Number(l.split(',')[3]))).toEqual(Array.from({ length: 4500 }, (_, i) => i + 1));
    const sales = await (await t.owner.raw('/api/admin/operations/export?month=2025-07&kind=sales')).text();
    const paid = sales.split('\r\n').slice(1, -1);
    expect(paid).toHaveLength(4100);
    expect(paid.map((l) => Number(l.split(',')[5]))).toEqual(Array.from({ length: 4100 }, (_, i) => 1000 + i));
  });
});

describe('maintenance switch', () => {
  it('puts the shop in maintenance with a message, audited; the console and the notice keep answering', async () => {
    const member = await buildMember(t.shop);
    const on = await t.owner.post('/admin/operations/maintenance', {
      on: true,
      message_ja: '本日2時から4時までメンテナンスです',
      message_en: 'Maintenance from 2 to 4 am',
    });
    expect(on).toMatchObject({ state: 200, on: true });
    t.shop.ctx.maintenanceCache.clear();
    expect((await member.client.get('/user/point')).state).toBe(9999);
    const notice = await t.shop.client().get('/admin/maintenance-notice');
    expect(notice).toMatchObject({ state: 200, on: true, message_ja: '本日2時から4時までメンテナンスです' });
    expect((await t.owner.get('/admin/operations/maintenance')).on).toBe(true);

    const tooLong = await t.owner.post('/admin/operations/maintenance', { on: false, message_ja: 'あ'.repeat(501) });
    expect(tooLong.state).toBe(400);
    // The limit is in the words, not a bare "{{max}}".
    expect(tooLong.errors?.message_ja?.[0]).toBe('メッセージは500文字以内で入力してください');
    expect((await t.shipping.post('/admin/operations/maintenance', { on: false })).state).toBe(403);
    const off = await t.owner.post('/admin/operations/maintenance', { on: false });
    expect(off).toMatchObject({ state: 200, on: false });
    expect((await member.client.get('/user/point')).state).toBe(200);
    const audit = await t.shop.ctx.db.pool.query(
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'operations.maintenance'",
    );
    expect(audit.rows[0].n).toBe(2);
  });
});
