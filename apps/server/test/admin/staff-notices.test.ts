import { describe, expect, it } from 'vitest';
import type { StaffNoticeView } from '@oripa/core/admin';
import { deliverMailJob } from '../../src/jobs/deliver-mail.ts';
import { mailStaffNoticesJob } from '../../src/jobs/mail-staff-notices.ts';
import { runJobUntilIdle } from '../../src/jobs/runner.ts';
import { watchStaffEventsJob } from '../../src/jobs/watch-staff-events.ts';
import { sendPasswordResetMail } from '../../src/mail/password-reset.ts';
import { buildMember } from '../factories.ts';
import { buy, seedCourses } from '../payments/helpers.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { shippedDraw } from './fulfilment-fixtures.ts';
import { staffClient, type StaffClient } from './staff-fixtures.ts';

/**
 * Issue 21 §10 (ADR 0046): nothing told staff anything. Each event is written once, seen by the roles whose
 * permissions cover it, and mailed as one digest per person in that person's language. The shop's SMTP is a
 * closed port and a mail fails for good at its first attempt, so mail failures are real ones from the outbox job.
 */
const t = useShop(async () => {
  const shop = await startTestShop({ SMTP_URL: 'smtp://127.0.0.1:1', MAIL_MAX_ATTEMPTS: '1' });
  return {
    shop,
    course: await seedCourses(shop),
    owner: await staffClient(shop, 'owner', 'en'),
    operator: await staffClient(shop, 'operator'),
    shipping: await staffClient(shop, 'shipping'),
    support: await staffClient(shop, 'support', 'en'),
  };
});
const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const events = async (kind: string, subjectId: number) =>
  (await q('SELECT state_key, detail FROM staff_events WHERE kind = $1 AND subject_id = $2', [kind, subjectId])).rows;
const inbox = async (c: StaffClient, filter = 'all') => {
  const r = await c.get(`/admin/notices?filter=${filter}`);
  expect(r.state, JSON.stringify(r)).toBe(200);
  return r as unknown as { notices: StaffNoticeView[]; unread: number };
};
const seen = async (c: StaffClient, kind: string, subjectId: number) =>
  (await inbox(c)).notices.some((n) => n.kind === kind && n.subject_id === subjectId);
const watch = () => runJobUntilIdle(t.shop.ctx, watchStaffEventsJob);

describe('the events', () => {
  it('a pack sold out: written once, by the purchase that took the last ticket; operators and owners see it', async () => {
    const packId = await buildPack(t.shop, { nameJa: '完売テスト', nameEn: 'Sell-out test' });
    const m = await buildMember(t.shop, { paidPoints: 10_000 });
    await drawVia(m.client, packId, 10);
    // Half the pack sold: no notice yet.
    expect(await events('pack.sold_out', packId)).toEqual([]);
    const last = await drawVia(m.client, packId, 'all');
    expect(last.buy?.state).toBe(200);
    expect(await events('pack.sold_out', packId)).toEqual([
      { state_key: '', detail: { ja: '完売テスト', en: 'Sell-out test' } },
    ]);
    // Nothing left to buy; a refused attempt writes nothing more.
    expect((await drawVia(m.client, packId, 1)).check.state).not.toBe(200);
    expect(await events('pack.sold_out', packId)).toHaveLength(1);

    const notice = (await inbox(t.operator)).notices.find((n) => n.subject_id === packId && n.kind === 'pack.sold_out');
    expect(notice).toMatchObject({ link: `/admin/packs/${packId}`, read: false });
    expect(await seen(t.owner, 'pack.sold_out', packId)).toBe(true);
    expect(await seen(t.shipping, 'pack.sold_out', packId)).toBe(false);
    expect(await seen(t.support, 'pack.sold_out', packId)).toBe(false);
  });

  it('a mail that failed for good: written by the outbox job once; support and owners see it with the member', async () => {
    const m = await buildMember(t.shop);
    const id = await sendPasswordResetMail(
      t.shop.ctx,
      t.shop.ctx.db.pool,
      { mail: m.mail, lang: 'ja', lastName: '', firstName: '' },
      `${t.shop.baseUrl}/reset-password`,
      30,
    );
    await runJobUntilIdle(t.shop.ctx, deliverMailJob);
    const { rows } = await q('SELECT status FROM outbox_messages WHERE id = $1', [id]);
    expect(rows[0].status).toBe('failed');
    const written = await events('mail.failed', id);
    expect(written).toHaveLength(1);
    expect(written[0].detail).toMatchObject({ recipient: m.mail, member_id: m.id });
    expect(written[0].detail.error).toMatch(/ECONNREFUSED|connect/i);
    // Another run finds nothing due and writes nothing.
    await runJobUntilIdle(t.shop.ctx, deliverMailJob);
    expect(await events('mail.failed', id)).toHaveLength(1);

    const notice = (await inbox(t.support)).notices.find((n) => n.kind === 'mail.failed' && n.subject_id === id);
    expect(notice?.link).toBe(`/admin/members/${m.id}`);
    expect(await seen(t.owner, 'mail.failed', id)).toBe(true);
    expect(await seen(t.operator, 'mail.failed', id)).toBe(false);
    expect(await seen(t.shipping, 'mail.failed', id)).toBe(false);
  });

  it('a parcel on hold: found by the job once per hold, however often it looks; shipping and owners see it', async () => {
    const { shipmentId } = await shippedDraw(t.shop, 1);
    const move = (to: string) => t.shipping.post('/admin/shipments/move', { ids: [shipmentId], to, note: '住所確認' });
    expect((await move('held')).state).toBe(200);
    await watch();
    await watch();
    expect(await events('parcel.held', shipmentId)).toHaveLength(1);
    expect(await seen(t.shipping, 'parcel.held', shipmentId)).toBe(true);
    expect(await seen(t.owner, 'parcel.held', shipmentId)).toBe(true);
    expect(await seen(t.support, 'parcel.held', shipmentId)).toBe(false);
    // Released and held again: a new state, told again.
    expect((await move('preparing')).state).toBe(200);
    expect((await move('held')).state).toBe(200);
    await watch();
    expect(await events('parcel.held', shipmentId)).toHaveLength(2);
  });

  it('a bank transfer waiting: once per payment; only owners (payments.reconcile) see it', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 4, name: 'ヤマダ タロウ' });
    expect(res.state, JSON.stringify(res)).toBe(200);
    const { rows } = await q('SELECT id, amount FROM payments WHERE member_id = $1 AND pay_id = 4', [m.id]);
    const paymentId = Number(rows[0].id);
    await watch();
    await watch();
    const written = await events('transfer.waiting', paymentId);
    expect(written).toHaveLength(1);
    expect(written[0].detail).toMatchObject({ amount: Number(rows[0].amount) });
    expect(await seen(t.owner, 'transfer.waiting', paymentId)).toBe(true);
    expect(await seen(t.support, 'transfer.waiting', paymentId)).toBe(false);
  });

  it('an approval waiting: once per request; owners see it, the support requester does not', async () => {
    const m = await buildMember(t.shop);
    const r = await t.support.post(`/admin/members/${m.id}/adjust`, {
      currency: 'point',
      amount: 500_000,
      reason: '大口の補填',
    });
    const approvalId = (r.approval as { id: number }).id;
    await watch();
    await watch();
    expect(await events('approval.waiting', approvalId)).toHaveLength(1);
    const notice = (await inbox(t.owner)).notices.find(
      (n) => n.kind === 'approval.waiting' && n.subject_id === approvalId,
    );
    expect(notice?.link).toBe('/admin/approvals');
    expect(await seen(t.support, 'approval.waiting', approvalId)).toBe(false);
  });
});

describe('the inbox', () => {
  it("counts unread, marks read by id or all up to the newest seen, and never marks another role's notices", async () => {
    const packId = await buildPack(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 10_000 });
    await drawVia(m.client, packId, 'all');
    const before = await inbox(t.operator, 'unread');
    expect(before.unread).toBeGreaterThan(0);
    const mine = before.notices.find((n) => n.subject_id === packId)!;
    const one = await t.operator.post('/admin/notices/read', { ids: String(mine.id) });
    expect(one).toMatchObject({ state: 200, unread: before.unread - 1 });
    expect((await t.operator.get('/admin/notices/unread')).unread).toBe(before.unread - 1);
    expect((await inbox(t.operator, 'unread')).notices.map((n) => n.id)).not.toContain(mine.id);
    // The owner's copy of the same event is still unread: reading is per person.
    expect((await inbox(t.owner, 'unread')).notices.map((n) => n.id)).toContain(mine.id);

    // Shipping names the operator's notice: nothing is marked (not one of its kinds).
    await t.shipping.post('/admin/notices/read', { ids: String(mine.id) });
    const reads = await q('SELECT staff_id FROM staff_notice_reads WHERE event_id = $1', [mine.id]);
    expect(reads.rows.map((r) => Number(r.staff_id))).toEqual([t.operator.staff.id]);

    const newest = (await inbox(t.owner)).notices[0]!.id;
    const all = await t.owner.post('/admin/notices/read', { up_to: newest });
    expect(all).toMatchObject({ state: 200, unread: 0 });
    expect((await inbox(t.owner, 'unread')).notices).toEqual([]);
  });

  it('refuses bad input and changes nothing', async () => {
    const count = async () => Number((await q('SELECT count(*) FROM staff_notice_reads')).rows[0].count);
    const before = await count();
    for (const body of [
      {},
      { ids: '' },
      { ids: 'abc' },
      { ids: '1;DROP TABLE staff' },
      { ids: '<b>1</b>' },
      { ids: '99999999999999999999' },
      { ids: Array.from({ length: 101 }, (_, i) => i + 1).join(',') },
      { up_to: '-1' },
      { up_to: 'x' },
    ]) {
      const r = await t.owner.post('/admin/notices/read', body);
      expect(r.state, JSON.stringify(body)).toBe(400);
    }
    const en = await t.owner.post('/admin/notices/read', {});
    expect(en.errors).toMatchObject({ ids: ['Choose the notices to mark as read'] });
    const ja = await t.operator.post('/admin/notices/read', {});
    expect(ja.errors).toMatchObject({ ids: ['既読にするお知らせを選んでください'] });
    expect((await t.owner.get('/admin/notices?filter=bogus')).state).toBe(400);
    // Without a staff session: 401, nothing read.
    expect((await t.shop.client().post('/admin/notices/read', { up_to: 1 })).state).toBe(401);
    expect(await count()).toBe(before);
  });
});

describe('the mail', () => {
  it("one digest per staff member per run, only of their kinds, in their language; the digest's own failure is not an event", async () => {
    // Everything so far is mailed first, so this run holds just the burst below.
    await runJobUntilIdle(t.shop.ctx, mailStaffNoticesJob);
    const before = Number((await q('SELECT coalesce(max(id), 0) AS id FROM outbox_messages')).rows[0].id);
    const m = await buildMember(t.shop, { paidPoints: 50_000 });
    const packs = [await buildPack(t.shop), await buildPack(t.shop), await buildPack(t.shop)];
    for (const p of packs) await drawVia(m.client, p, 'all');
    expect(await runJobUntilIdle(t.shop.ctx, mailStaffNoticesJob)).toBe(3);
    const { rows } = await q(
      "SELECT recipient, subject, body FROM outbox_messages WHERE id > $1 AND kind = 'staff_notices' ORDER BY id",
      [before],
    );
    const to = (c: StaffClient) => rows.filter((r) => r.recipient === c.staff.mail);
    // A burst of three sell-outs: one mail each to the operator (ja) and the owner (en); none to shipping or support.
    expect(to(t.operator)).toHaveLength(1);
    expect(to(t.operator)[0].subject).toContain('スタッフへのお知らせ 3件');
    expect(to(t.operator)[0].body).toContain('完売');
    expect(to(t.owner)).toHaveLength(1);
    expect(to(t.owner)[0].subject).toContain('3 new staff notices');
    expect(to(t.owner)[0].body).toContain('Sold out');
    expect(to(t.shipping)).toEqual([]);
    expect(to(t.support)).toEqual([]);
    // Mailed once: the next run has nothing.
    expect(await runJobUntilIdle(t.shop.ctx, mailStaffNoticesJob)).toBe(0);

    // The digests fail (SMTP is closed): failed for good, but no 'mail.failed' event about them.
    await runJobUntilIdle(t.shop.ctx, deliverMailJob);
    const ids = (
      await q("SELECT id FROM outbox_messages WHERE id > $1 AND kind = 'staff_notices' AND status = 'failed'", [before])
    ).rows.map((r) => Number(r.id));
    expect(ids.length).toBeGreaterThanOrEqual(2);
    const told = await q("SELECT count(*) FROM staff_events WHERE kind = 'mail.failed' AND subject_id = ANY ($1)", [
      ids,
    ]);
    expect(Number(told.rows[0].count)).toBe(0);
  });
});
