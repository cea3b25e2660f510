import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { balance, buy, expectLedgerClean, seedCourses } from '../payments/helpers.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

const t = useShop(async () => {
  const shop = await startTestShop();
  return {
    shop,
    course: await seedCourses(shop),
    owner: await staffClient(shop, 'owner'),
    owner2: await staffClient(shop, 'owner'),
    support: await staffClient(shop, 'support'),
    shipping: await staffClient(shop, 'shipping'),
  };
});
const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);

/** A member with a bank-transfer order waiting for the money; answers its row. */
async function pendingTransfer(holder = 'ヤマダ タロウ') {
  const m = await buildMember(t.shop);
  const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 4, name: holder });
  expect(res.state, JSON.stringify(res)).toBe(200);
  const { rows } = await q('SELECT id, amount, point, status FROM payments WHERE member_id = $1 AND pay_id = 4', [
    m.id,
  ]);
  expect(rows[0].status).toBe('pending');
  return { member: m, id: Number(rows[0].id), amount: Number(rows[0].amount), point: Number(rows[0].point) };
}
const audits = async (id: number) =>
  (await q("SELECT action, staff_id FROM audit_log WHERE target_type = 'payment' AND target_id = $1", [String(id)]))
    .rows;

describe('bank-transfer reconciliation', () => {
  it('lists the open transfer with holder name and amount for support; support may not mark it', async () => {
    const p = await pendingTransfer('スズキ ハナコ');
    const list = await t.support.get('/admin/payments?view=transfers&per_page=100');
    expect(list.state).toBe(200);
    const row = (list.rows as { id: number }[]).find((r) => r.id === p.id);
    expect(row).toMatchObject({ holder_name: 'スズキ ハナコ', amount: p.amount, status: 'pending', pay_id: 4 });
    const found = await t.support.get(`/admin/payments?q=${encodeURIComponent('ハナコ')}`);
    expect((found.rows as { id: number }[]).map((r) => r.id)).toContain(p.id);
    const refused = await t.support.post('/admin/payments/transfer/received', { id: p.id, amount: p.amount });
    expect(refused.state).toBe(403);
    expect((await t.shipping.get('/admin/payments')).state).toBe(403);
    expect(await audits(p.id)).toEqual([]);
  });

  it('credits exactly once when two owners mark it received at the same moment', async () => {
    const p = await pendingTransfer();
    const before = (await balance(t.shop, p.member.id)).point;
    const replies = await Promise.all(
      [t.owner, t.owner2, t.owner].map((c) =>
        c.post('/admin/payments/transfer/received', { id: p.id, amount: p.amount }),
      ),
    );
    expect(replies.map((r) => r.state).sort()).toEqual([200, 400, 400]);
    const after = (await balance(t.shop, p.member.id)).point;
    expect(after - before).toBeGreaterThanOrEqual(p.point);
    const credits = await q(
      "SELECT count(*)::int AS n FROM ledger_entries WHERE ref_type = 'payment' AND ref_id = $1 AND reason = 'point_purchase'",
      [p.id],
    );
    expect(credits.rows[0].n).toBe(1);
    expect(await audits(p.id)).toHaveLength(1);
    // The receipt mail the gateway path sends, once.
    const mails = await q(
      "SELECT count(*)::int AS n FROM outbox_messages WHERE recipient = $1 AND kind LIKE 'payment%'",
      [p.member.mail],
    );
    expect(mails.rows[0].n).toBeGreaterThanOrEqual(1);
    await expectLedgerClean(t.shop);
  });

  it('refuses a wrong amount, and a rejection needs a reason; nothing changes', async () => {
    const p = await pendingTransfer();
    const wrong = await t.owner.post('/admin/payments/transfer/received', { id: p.id, amount: p.amount - 1 });
    expect(wrong.state).toBe(400);
    expect((wrong.errors as Record<string, string[]>).amount![0]).toContain(`${p.amount}円`);
    const noReason = await t.owner.post('/admin/payments/transfer/rejected', { id: p.id, reason: ' ' });
    expect(noReason.state).toBe(400);
    expect((await q('SELECT status FROM payments WHERE id = $1', [p.id])).rows[0].status).toBe('pending');
    expect(await audits(p.id)).toEqual([]);

    const rejected = await t.owner.post('/admin/payments/transfer/rejected', {
      id: p.id,
      reason: '名義不一致、返金済み',
    });
    expect(rejected).toMatchObject({ state: 200, status: 'failed' });
    expect(await audits(p.id)).toEqual([expect.objectContaining({ action: 'payment.transfer_rejected' })]);
    const again = await t.owner.post('/admin/payments/transfer/received', { id: p.id, amount: p.amount });
    expect(again.state).toBe(400);
    const failed = await t.support.get('/admin/payments?view=failed&per_page=100');
    expect((failed.rows as { id: number }[]).map((r) => r.id)).toContain(p.id);
  });
});
