import { formatTokyo, idleClosureDate, idleNoticeDate } from '@oripa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeIdleAccountsJob } from '../../src/jobs/close-idle-accounts.ts';
import { notifyIdleAccountsJob } from '../../src/jobs/notify-idle-accounts.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { withTransaction } from '../../src/db/transaction.ts';
import { seedCoinCourses } from '../../src/seed/coin-courses.ts';
import { memberDetail } from '../../src/services/admin/members.ts';
import { grantPoints, spendPoints } from '../../src/services/ledger.ts';
import { authenticate } from '../../src/services/login.ts';
import { exchangeCard } from '../../src/services/programmes/exchange/exchange.ts';
import { insertTestMember, insertTestSession, ledgerViolations, type StoredMember } from '../factories.ts';
import { buildPack, drawDirect } from '../packs/pack-fixtures.ts';
import { payByCard, seedCourses, startPaymentDirect } from '../payments/service-payments.ts';
import { exchangeCardWith, key } from '../perks/helpers.ts';
import { startServiceShop, type ServiceShop } from '../service-shop.ts';

// Spec section 9 (issue 19; ADR 0037): an account idle 6 months after its last point purchase, use or exchange is
// closed and its points expire; the member is mailed 30 days before, once per idle period. The jobs' and the
// activities' rules on the service tier (ADR 0038); what a closed account's login says is one API test in
// programme-routes.test.ts.

const DAY = 24 * 3600_000;
const t = {} as { shop: ServiceShop; courses: Record<number, number>; coinCourse: number };
beforeAll(async () => {
  const shop = await startServiceShop();
  const courses = await seedCourses(shop);
  await seedCoinCourses(shop.ctx);
  const coin = await shop.ctx.db.pool.query("SELECT id FROM point_courses WHERE currency = 'coin' ORDER BY point");
  Object.assign(t, { shop, courses, coinCourse: Number(coin.rows[0].id) });
});
afterAll(() => t.shop?.close());
const q = (sql: string, values: unknown[] = []) => t.shop.ctx.db.pool.query(sql, values);

const notify = () => runJobUntilIdle(t.shop.ctx, notifyIdleAccountsJob);
const close = () => runJobUntilIdle(t.shop.ctx, closeIdleAccountsJob);
const lastActivity = async (m: StoredMember): Promise<Date> =>
  (await q('SELECT last_activity_at FROM members WHERE id = $1', [m.id])).rows[0].last_activity_at;
const notices = async (m: StoredMember) =>
  (await q("SELECT subject, body FROM outbox_messages WHERE recipient = $1 AND kind = 'idle_closure_notice'", [m.mail]))
    .rows as { subject: string; body: string }[];
/** Moves the shop clock to `at` (never back). */
const moveTo = (at: Date) => t.shop.clock.advance(Math.max(0, at.getTime() - t.shop.clock.now().getTime()));
/** The console's member page data (the route is thin; its staff session would not outlive these clock moves). */
const memberPage = (m: StoredMember) => memberDetail(t.shop.ctx, m.id, 'ja');
/** Runs `act` and expects the member's last activity to be set to the shop clock while it ran. */
async function expectActivity(m: StoredMember, act: () => Promise<unknown>) {
  const from = t.shop.clock.now();
  await act();
  const at = await lastActivity(m);
  expect(at.getTime()).toBeGreaterThanOrEqual(from.getTime());
  expect(at.getTime()).toBeLessThanOrEqual(t.shop.clock.now().getTime());
  return at;
}

describe('idle accounts', () => {
  it('mails once exactly 30 days before, closes at 6 months: points expire in the ledger, coins stay, no login', async () => {
    const m = await insertTestMember(t.shop, { coins: 700 });
    await insertTestSession(t.shop, m.id);
    const last = await lastActivity(m);
    // Points granted two months later are not an activity: the clock still runs from registration.
    t.shop.clock.advance(60 * DAY);
    await withTransaction(t.shop.ctx.db, async (tx) => {
      const now = t.shop.clock.now();
      await grantPoints(tx, { memberId: m.id, amount: 1_200, kind: 'paid', reason: 'partner_transfer', now });
      await grantPoints(tx, { memberId: m.id, amount: 300, kind: 'free', reason: 'daily_draw', now });
    });
    expect(await lastActivity(m)).toEqual(last);
    expect(await memberPage(m)).toMatchObject({ idle_notice_sent_at: '', closed_at: '', closed_reason: '' });

    moveTo(new Date(idleNoticeDate(last).getTime() - 1000));
    await notify();
    expect(await notices(m)).toHaveLength(0);
    t.shop.clock.advance(1000);
    // Two runners at once (as on two instances), then again: one mail.
    await Promise.all([notify(), notify()]);
    await notify();
    const [mail, ...more] = await notices(m);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain('ご利用のないアカウントの閉鎖のお知らせ');
    expect(mail!.body).toContain('1,500pt');
    expect(mail!.body).toContain('ポイントのご購入、ポイントでのオリパのご購入、または交換所でのポイント交換');
    // The mail promises the idle date, or 30 days after itself if it went later (here by the test's milliseconds;
    // by up to an hour with the hourly job).
    const notice = (await q('SELECT closes_at, sent_at FROM idle_notices WHERE member_id = $1', [m.id])).rows[0];
    const closesAt: Date = notice.closes_at;
    expect(closesAt.getTime() - idleClosureDate(last).getTime()).toBeLessThan(60_000);
    expect(closesAt.getTime() - notice.sent_at.getTime()).toBeGreaterThanOrEqual(30 * DAY);
    const page = await memberPage(m);
    expect(page.idle_notice_sent_at).toBe(formatTokyo(notice.sent_at));
    expect(page.idle_closes_at).toBe(formatTokyo(closesAt));

    moveTo(new Date(closesAt.getTime() - 1000));
    expect(await close()).toBe(0);
    moveTo(closesAt);
    // Two runners at once close the account once.
    const [a, b] = await Promise.all([close(), close()]);
    expect(a + b).toBeGreaterThanOrEqual(1);
    expect(await close()).toBe(0);

    const row = (
      await q('SELECT point_balance, coin_balance, withdrawn_at, closed_reason FROM members WHERE id = $1', [m.id])
    ).rows[0];
    expect(row).toMatchObject({ point_balance: 0, coin_balance: 700, closed_reason: 'idle' });
    expect(row.withdrawn_at).not.toBeNull();
    const ledger = await q(
      'SELECT amount, reason, currency FROM ledger_entries WHERE member_id = $1 AND amount < 0 ORDER BY id',
      [m.id],
    );
    expect(ledger.rows).toEqual([{ amount: -1_500, reason: 'idle_expiry', currency: 'point' }]);
    const lots = await q('SELECT remaining, expired_at FROM point_lots WHERE member_id = $1', [m.id]);
    expect(lots.rows.every((l) => Number(l.remaining) === 0 && l.expired_at !== null)).toBe(true);
    expect(await ledgerViolations(t.shop)).toEqual([]);

    // Sessions ended; a login is told why (after the right password only).
    expect((await q('SELECT count(*)::int AS n FROM sessions WHERE member_id = $1', [m.id])).rows[0].n).toBe(0);
    const login = (input: { mail: string; pass: string }) =>
      authenticate(t.shop.ctx, { ...input, save_cookie: false }, '127.0.0.1').then(
        () => null,
        (e: unknown) => e,
      );
    expect(await login({ mail: m.mail, pass: m.pass })).toMatchObject({
      state: 400,
      reason: 'account_closed',
      fields: { mail: ['accountClosedIdle'] },
    });
    expect(await login({ mail: m.mail, pass: 'not-it-at-all' })).toMatchObject({
      state: 400,
      reason: 'login_mismatch',
    });
    expect(await memberPage(m)).toMatchObject({ closed_reason: 'idle', idle_closes_at: '' });
  });

  it('an activity after the notice restarts the period; its own notice comes 30 days before the new date', async () => {
    const m = await insertTestMember(t.shop, { paidPoints: 1_000, lang: 'en' });
    const last = await lastActivity(m);
    moveTo(idleNoticeDate(last));
    await notify();
    expect(await notices(m)).toHaveLength(1);
    expect((await notices(m))[0]!.subject).toContain('Your account will be closed for inactivity');

    // Points used on a pack: the member is active again.
    const packId = await buildPack(t.shop, { point: 100 });
    const again = await expectActivity(m, async () => {
      expect((await drawDirect(t.shop.ctx, m.id, packId, 1)).replayed).toBe(false);
    });
    moveTo(idleClosureDate(last));
    await close();
    expect((await q('SELECT withdrawn_at FROM members WHERE id = $1', [m.id])).rows[0].withdrawn_at).toBeNull();
    expect(await notices(m)).toHaveLength(1);
    const page = await memberPage(m);
    expect(page).toMatchObject({ idle_notice_sent_at: '', closed_at: '' });
    expect(page.idle_closes_at).toBe(formatTokyo(idleClosureDate(again)));

    moveTo(idleNoticeDate(again));
    await notify();
    expect(await notices(m)).toHaveLength(2);
  });

  it('counts a point purchase, points used on a pack and an exchange; not coins, grants or staff deductions', async () => {
    const m = await insertTestMember(t.shop, { paidPoints: 5_000 });
    const step = () => t.shop.clock.advance(DAY);
    const before = await lastActivity(m);

    await step();
    const coin = await payByCard(t.shop, m.id, t.coinCourse);
    expect(coin).toMatchObject({ result: '1' });
    await withTransaction(t.shop.ctx.db, async (tx) => {
      const now = t.shop.clock.now();
      await spendPoints(tx, { memberId: m.id, amount: 100, reason: 'staff_adjustment', now });
      await grantPoints(tx, { memberId: m.id, amount: 100, kind: 'free', reason: 'partner_transfer', now });
    });
    expect(await lastActivity(m)).toEqual(before);

    await step();
    await expectActivity(m, async () => {
      const points = await payByCard(t.shop, m.id, t.courses[1000]!);
      expect(points).toMatchObject({ result: '1' });
    });

    await step();
    const card = await exchangeCardWith(t.shop, { price: 500 });
    await expectActivity(m, async () => {
      const r = await exchangeCard(t.shop.ctx, m.id, card, key());
      expect(r.order).toBeDefined();
    });
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('puts off a member whose payment is still open and goes on with the next; suspended members are left alone', async () => {
    const waiting = await insertTestMember(t.shop);
    const next = await insertTestMember(t.shop);
    const suspended = await insertTestMember(t.shop);
    await q('UPDATE members SET suspended_at = $2 WHERE id = $1', [suspended.id, t.shop.clock.now()]);
    moveTo(idleNoticeDate(await lastActivity(next)));
    await notify();
    expect(await notices(waiting)).toHaveLength(1);
    expect(await notices(next)).toHaveLength(1);
    expect(await notices(suspended)).toHaveLength(0);

    // A convenience-store payment started (not a purchase until it is paid) would credit a closed account.
    const slip = await startPaymentDirect(t.shop, waiting.id, {
      point_price_id: t.courses[1000],
      pay_id: 2,
      combini_code: 'econ',
    });
    expect(slip).toMatchObject({ result: '1' });
    const closesAt = (
      await q('SELECT max(closes_at) AS at FROM idle_notices WHERE member_id = ANY ($1)', [[waiting.id, next.id]])
    ).rows[0].at as Date;
    moveTo(closesAt);
    await close();
    const closed = await q('SELECT id, closed_reason FROM members WHERE id = ANY ($1) AND withdrawn_at IS NOT NULL', [
      [waiting.id, next.id, suspended.id],
    ]);
    expect(closed.rows).toEqual([{ id: next.id, closed_reason: 'idle' }]);
  });
});
