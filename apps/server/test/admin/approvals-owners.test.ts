import { describe, expect, it } from 'vitest';
import { OWNER_CHANGE_DELAY_HOURS } from '@oripa/core/admin';
import { startTestShop, useShop, type TestShop } from '../test-shop.ts';
import { staffClient, type StaffClient } from './staff-fixtures.ts';

/**
 * Issue 21 §4: one owner could silently demote, disable or reset the second factor of another, with no
 * confirmation and no notice. Such a change is now a request: another owner approves it; with no third owner the
 * requester may make it after OWNER_CHANGE_DELAY_HOURS; the owner concerned is mailed at once and may refuse it.
 */
const q = (shop: TestShop, sql: string, params: unknown[] = []) => shop.ctx.db.pool.query(sql, params);
const staffRow = async (shop: TestShop, id: number) =>
  (await q(shop, 'SELECT role, disabled_at, totp_enabled_at FROM staff WHERE id = $1', [id])).rows[0];
const auditOf = async (shop: TestShop, action: string, targetId: number) =>
  (
    await q(shop, 'SELECT staff_id, reason, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id', [
      action,
      String(targetId),
    ])
  ).rows;
const mailsTo = async (shop: TestShop, mail: string) =>
  (
    await q(
      shop,
      "SELECT subject, body FROM outbox_messages WHERE recipient = $1 AND kind = 'owner_change_requested'",
      [mail],
    )
  ).rows as { subject: string; body: string }[];
type Approval = { id: number; status: string; not_before: string; actions: string[] };

describe('with a third owner: another owner approves', () => {
  const t = useShop(async () => {
    const shop = await startTestShop();
    const owners: StaffClient[] = [];
    for (let i = 0; i < 3; i++) owners.push(await staffClient(shop, 'owner'));
    return { shop, a: owners[0]!, b: owners[1]!, c: owners[2]!, support: await staffClient(shop, 'support') };
  });

  it('disabling another owner needs a reason, waits for a second owner, mails the owner concerned', async () => {
    const { shop, a, b, c } = t;
    const bare = await a.post(`/admin/staff/${b.staff.id}/disable`);
    expect(bare.state).toBe(400);
    expect(bare.errors?.reason?.[0]).toBe('理由を入力してください');

    const asked = await a.post(`/admin/staff/${b.staff.id}/disable`, { reason: '退職' });
    expect(asked.state, JSON.stringify(asked)).toBe(200);
    const approval = asked.approval as Approval;
    expect(approval).toMatchObject({ status: 'pending', kind: 'staff.disable', not_before: '', actions: ['cancel'] });
    expect(asked.staff).toBeUndefined();
    // Nothing happened yet: B still works in the console.
    expect((await staffRow(shop, b.staff.id)).disabled_at).toBeNull();
    expect((await b.get('/admin/staff')).state).toBe(200);
    // B was told, with who asked and why.
    const [mail] = await mailsTo(shop, b.staff.mail);
    expect(mail?.body).toContain('退職');
    expect(mail?.body).toContain('アカウントを無効化');
    expect(await auditOf(shop, 'approval.request', approval.id)).toEqual([
      expect.objectContaining({ staff_id: a.staff.id, reason: '退職' }),
    ]);
    // The same change cannot be asked twice while one waits.
    const twice = await a.post(`/admin/staff/${b.staff.id}/disable`, { reason: 'again' });
    expect(twice.state).toBe(409);
    expect(twice.errors?.general?.[0]).toBe('このスタッフへの同じ変更が既に承認待ちです');

    // The requester cannot approve it; a third owner can, and then it happens.
    expect((await a.post(`/admin/approvals/${approval.id}/approve`)).state).toBe(403);
    const ok = await c.post(`/admin/approvals/${approval.id}/approve`);
    expect(ok.approval).toMatchObject({ status: 'approved', decided_by: c.staff.id });
    expect((await staffRow(shop, b.staff.id)).disabled_at).not.toBeNull();
    expect((await b.get('/admin/staff')).state).toBe(401);
    const done = await auditOf(shop, 'staff.disable', b.staff.id);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ staff_id: a.staff.id, reason: '退職' });
    expect(done[0].after).toMatchObject({ status: 'disabled', approval_id: approval.id, approved_by: c.staff.id });
    expect(await auditOf(shop, 'approval.approve', approval.id)).toEqual([
      expect.objectContaining({ staff_id: c.staff.id }),
    ]);
  });

  it('the owner concerned may refuse a reset of its second factor; nothing changes', async () => {
    const { shop, a, c } = t;
    const asked = await a.post(`/admin/staff/${c.staff.id}/reset-2fa`, { reason: 'lost phone?' });
    const approval = asked.approval as Approval;
    expect(approval).toMatchObject({ status: 'pending', kind: 'staff.reset_2fa' });
    const listed = ((await c.get('/admin/approvals')).approvals as Approval[]).find((x) => x.id === approval.id);
    expect(listed?.actions).toEqual(['approve', 'refuse']);
    expect(
      (await c.post(`/admin/approvals/${approval.id}/refuse`, { note: '紛失していません' })).approval,
    ).toMatchObject({ status: 'refused' });
    expect((await staffRow(shop, c.staff.id)).totp_enabled_at).not.toBeNull();
    expect(await auditOf(shop, 'staff.reset_2fa', c.staff.id)).toEqual([]);
    expect(await auditOf(shop, 'approval.refuse', approval.id)).toEqual([
      expect.objectContaining({ staff_id: c.staff.id, reason: '紛失していません' }),
    ]);
  });

  it('changes to staff who are not owners, and enabling, still happen at once', async () => {
    const { shop, a, support } = t;
    const r = await a.post(`/admin/staff/${support.staff.id}/role`, { role: 'shipping' });
    expect(r.staff).toMatchObject({ role: 'shipping' });
    expect(r.approval).toBeUndefined();
    expect((await a.post(`/admin/staff/${support.staff.id}/disable`)).staff).toMatchObject({ status: 'disabled' });
    expect((await a.post(`/admin/staff/${support.staff.id}/enable`)).staff).toMatchObject({ status: 'active' });
    expect((await staffRow(shop, support.staff.id)).role).toBe('shipping');
  });
});

describe('with one other owner only: a delay, and a mail to the owner concerned', () => {
  const t = useShop(async () => {
    const shop = await startTestShop();
    return { shop, a: await staffClient(shop, 'owner'), b: await staffClient(shop, 'owner') };
  });

  it(`the requester may demote the other owner ${OWNER_CHANGE_DELAY_HOURS} hours on, unless refused`, async () => {
    const { shop, a, b } = t;
    const asked = await a.post(`/admin/staff/${b.staff.id}/role`, { role: 'support', reason: '役割の整理' });
    const approval = asked.approval as Approval;
    expect(approval.status).toBe('pending');
    const { rows } = await q(shop, 'SELECT requested_at, not_before FROM approval_requests WHERE id = $1', [
      approval.id,
    ]);
    expect(rows[0].not_before.getTime() - rows[0].requested_at.getTime()).toBe(OWNER_CHANGE_DELAY_HOURS * 3600_000);
    const [mail] = await mailsTo(shop, b.staff.mail);
    expect(mail?.body).toContain('以降に申請者がこの変更を実行できます');
    expect(mail?.body).toContain('change your role to support');

    // Not before the delay.
    const early = await a.post(`/admin/approvals/${approval.id}/apply`);
    expect(early.state).toBe(409);
    expect(early.errors?.general?.[0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}まではこの変更を実行できません$/);
    expect((await staffRow(shop, b.staff.id)).role).toBe('owner');

    // The delay passes (the request's date moved back: a staff session would not survive the clock moving 72 hours).
    await q(shop, "UPDATE approval_requests SET not_before = $2::timestamptz - interval '1 second' WHERE id = $1", [
      approval.id,
      shop.clock.now(),
    ]);
    expect(
      ((await a.get('/admin/approvals')).approvals as Approval[]).find((x) => x.id === approval.id)?.actions,
    ).toEqual(['cancel', 'apply']);
    const applied = await a.post(`/admin/approvals/${approval.id}/apply`);
    expect(applied.approval, JSON.stringify(applied)).toMatchObject({ status: 'approved', decided_by: a.staff.id });
    expect((await staffRow(shop, b.staff.id)).role).toBe('support');
    const [done] = await auditOf(shop, 'staff.role', b.staff.id);
    expect(done?.after).toMatchObject({ role: 'support', approval_id: approval.id, after_delay: true });
  });
});

it('two owners asking to disable each other at once: approved at once by each other, one active owner is left', async () => {
  const shop = await startTestShop();
  try {
    const a = await staffClient(shop, 'owner');
    const b = await staffClient(shop, 'owner');
    const [ra, rb] = await Promise.all([
      a.post(`/admin/staff/${b.staff.id}/disable`, { reason: 'x' }),
      b.post(`/admin/staff/${a.staff.id}/disable`, { reason: 'y' }),
    ]);
    const ida = (ra.approval as Approval).id;
    const idb = (rb.approval as Approval).id;
    const [xa, xb] = await Promise.all([
      b.post(`/admin/approvals/${ida}/approve`),
      a.post(`/admin/approvals/${idb}/approve`),
    ]);
    expect([xa.state, xb.state].filter((s) => s === 200)).toHaveLength(1);
    const { rows } = await q(shop, `SELECT count(*)::int AS n FROM staff WHERE role = 'owner' AND disabled_at IS NULL`);
    expect(rows[0].n).toBe(1);
  } finally {
    await shop.close();
  }
});
