import { describe, expect, it } from 'vitest';
import { buildMember, ledgerViolations } from '../factories.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { codeAt, STAFF_PASSWORD, staffClient } from './staff-fixtures.ts';

/**
 * Issue 21 §4: support could grant 1,000,000 points per call, with no cap and no second person. A grant above
 * ADJUSTMENT_APPROVAL_ABOVE (10,000 by default) is a request an owner other than the requester approves; the grant
 * and its ledger row are made only then, in one transaction; request and decision are audited.
 */
const t = useShop(async () => {
  const shop = await startTestShop();
  return {
    shop,
    support: await staffClient(shop, 'support'),
    owner: await staffClient(shop, 'owner'),
    owner2: await staffClient(shop, 'owner', 'en'),
  };
});
const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const points = async (id: number) =>
  Number((await q('SELECT point_balance FROM members WHERE id = $1', [id])).rows[0].point_balance);
const grants = async (id: number) =>
  (
    await q("SELECT amount, ref_id FROM ledger_entries WHERE member_id = $1 AND reason = 'staff_adjustment'", [id])
  ).rows.map((r) => [Number(r.amount), Number(r.ref_id)]);
const audit = async (action: string, targetId: number | string) =>
  (
    await q('SELECT staff_id, reason, before, after FROM audit_log WHERE action = $1 AND target_id = $2 ORDER BY id', [
      action,
      String(targetId),
    ])
  ).rows;

describe('balance grants above the limit wait for an owner', () => {
  it('below the limit a grant goes through at once', async () => {
    const m = await buildMember(t.shop);
    const r = await t.support.post(`/admin/members/${m.id}/adjust`, {
      currency: 'point',
      amount: 10_000,
      reason: 'お詫び',
    });
    expect(r.state, JSON.stringify(r)).toBe(200);
    expect(r.approval).toBeUndefined();
    expect(r.member).toMatchObject({ point_balance: 10_000 });
    expect(await points(m.id)).toBe(10_000);
  });

  it('support asks for 1,000,000 points: nothing moves until another owner approves, then grant and ledger row at once', async () => {
    const m = await buildMember(t.shop, { freePoints: 100 });
    const r = await t.support.post(`/admin/members/${m.id}/adjust`, {
      currency: 'point',
      amount: 1_000_000,
      reason: '大口の補填',
    });
    expect(r.state, JSON.stringify(r)).toBe(200);
    const approval = r.approval as { id: number; status: string; amount: number; actions: string[] };
    expect(approval).toMatchObject({ status: 'pending', kind: 'member.adjust', amount: 1_000_000, currency: 'point' });
    expect(approval.actions).toEqual(['cancel']);
    expect(await points(m.id)).toBe(100);
    expect(await grants(m.id)).toEqual([]);
    // The request is audited, as the requester's.
    expect(await audit('approval.request', approval.id)).toEqual([
      expect.objectContaining({ staff_id: t.support.staff.id, reason: '大口の補填' }),
    ]);

    // Support sees its own request, cannot approve it (no permission), an owner sees it with approve/refuse.
    expect(((await t.support.get('/admin/approvals')).approvals as { id: number }[]).map((a) => a.id)).toContain(
      approval.id,
    );
    expect((await t.support.post(`/admin/approvals/${approval.id}/approve`)).state).toBe(403);
    const listed = ((await t.owner.get('/admin/approvals')).approvals as { id: number; actions: string[] }[]).find(
      (a) => a.id === approval.id,
    );
    expect(listed?.actions).toEqual(['approve', 'refuse']);

    const ok = await t.owner.post(`/admin/approvals/${approval.id}/approve`, { note: '確認済み' });
    expect(ok.state, JSON.stringify(ok)).toBe(200);
    expect(ok.approval).toMatchObject({ status: 'approved', decided_by: t.owner.staff.id, actions: [] });
    expect(await points(m.id)).toBe(1_000_100);
    // One ledger row, in the requester's name, and the balance equals the ledger.
    expect(await grants(m.id)).toEqual([[1_000_000, t.support.staff.id]]);
    expect(await ledgerViolations(t.shop)).toEqual([]);
    // The change is audited as the requester's, naming the approval; the decision as the owner's.
    const adjusted = await audit('member.adjust', m.id);
    expect(adjusted).toHaveLength(1);
    expect(adjusted[0]).toMatchObject({ staff_id: t.support.staff.id, reason: '大口の補填' });
    expect(adjusted[0].after).toMatchObject({
      amount: 1_000_000,
      approval_id: approval.id,
      approved_by: t.owner.staff.id,
    });
    expect(await audit('approval.approve', approval.id)).toEqual([
      expect.objectContaining({ staff_id: t.owner.staff.id, reason: '確認済み' }),
    ]);

    // Decided once: a second approval changes nothing.
    expect((await t.owner2.post(`/admin/approvals/${approval.id}/approve`)).state).toBe(409);
    expect(await points(m.id)).toBe(1_000_100);
  });

  it('the requester cannot approve its own request, even as an owner; another owner can', async () => {
    const m = await buildMember(t.shop);
    const r = await t.owner.post(`/admin/members/${m.id}/adjust`, {
      currency: 'coin',
      amount: 20_000,
      reason: 'coin refund',
    });
    const id = (r.approval as { id: number }).id;
    const own = await t.owner.post(`/admin/approvals/${id}/approve`);
    expect(own.state).toBe(403);
    expect(own.errors?.general?.[0]).toBe('自分の申請は承認・却下できません。別のオーナーの承認が必要です');
    expect((await t.owner.post(`/admin/approvals/${id}/refuse`)).state).toBe(403);
    expect(Number((await q('SELECT coin_balance FROM members WHERE id = $1', [m.id])).rows[0].coin_balance)).toBe(0);
    expect((await t.owner2.post(`/admin/approvals/${id}/approve`)).state).toBe(200);
    expect(Number((await q('SELECT coin_balance FROM members WHERE id = $1', [m.id])).rows[0].coin_balance)).toBe(
      20_000,
    );
  });

  it('a refusal or a cancellation changes no balance and is audited', async () => {
    const m = await buildMember(t.shop);
    const ask = () =>
      t.support.post(`/admin/members/${m.id}/adjust`, { currency: 'point', amount: 50_000, reason: 'x' });
    const a = ((await ask()).approval as { id: number }).id;
    const refused = await t.owner2.post(`/admin/approvals/${a}/refuse`, { note: 'No ticket for this' });
    expect(refused.approval).toMatchObject({ status: 'refused', decision_note: 'No ticket for this' });
    expect(await audit('approval.refuse', a)).toEqual([expect.objectContaining({ staff_id: t.owner2.staff.id })]);
    const b = ((await ask()).approval as { id: number }).id;
    expect((await t.owner.post(`/admin/approvals/${b}/cancel`)).state).toBe(403);
    expect((await t.support.post(`/admin/approvals/${b}/cancel`)).approval).toMatchObject({ status: 'cancelled' });
    expect((await t.owner.post(`/admin/approvals/${b}/approve`)).state).toBe(409);
    expect(await points(m.id)).toBe(0);
    expect(await grants(m.id)).toEqual([]);
  });

  it('splitting a grant into small ones does not avoid the owner: the limit counts 24 hours of one person’s grants', async () => {
    const m = await buildMember(t.shop);
    const give = (amount: number) =>
      t.support.post(`/admin/members/${m.id}/adjust`, { currency: 'point', amount, reason: 'split' });
    expect((await give(6_000)).member).toBeDefined();
    expect((await give(4_000)).member).toBeDefined();
    expect((await give(1)).approval).toMatchObject({ status: 'pending', amount: 1 });
    // Taking away never waits.
    expect(
      (await t.support.post(`/admin/members/${m.id}/adjust`, { currency: 'point', amount: -500, reason: 'fix' }))
        .member,
    ).toBeDefined();
    // A day later on the shop's clock (the ledger's rows are records whose time never changes, ADR 0040); the same
    // support member signs in again, since a staff session ends after an idle hour of the shop's time.
    t.shop.clock.advance(24 * 3600_000 + 1_000);
    expect((await t.support.post('/admin/login', { mail: t.support.staff.mail, pass: STAFF_PASSWORD })).state).toBe(
      200,
    );
    const verified = await t.support.post('/admin/totp/verify', { code: await codeAt(t.shop, t.support.totpSecret) });
    expect(verified.state, JSON.stringify(verified)).toBe(200);
    expect((await give(9_000)).member).toBeDefined();
    expect(await points(m.id)).toBe(18_500);
  });
});
