import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditActionKey } from '@oripa/core/admin';
import { countAudit } from '../../src/db/queries/audit-log.ts';
import { withAudit } from '../../src/services/admin/audit.ts';
import { grantPoints } from '../../src/services/ledger.ts';
import { buildMember } from '../factories.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { staffClient, type StaffClient } from './staff-fixtures.ts';

let shop: TestShop;
let owner: StaffClient;
beforeAll(async () => {
  shop = await startTestShop();
  owner = await staffClient(shop, 'owner');
});
afterAll(() => shop.close());

const points = async (id: number) =>
  Number((await shop.ctx.db.pool.query('SELECT point_balance FROM members WHERE id = $1', [id])).rows[0].point_balance);

describe('withAudit', () => {
  const grant = (memberId: number) => async (tx: Parameters<Parameters<typeof withAudit>[3]>[0]) => {
    await grantPoints(tx, { memberId, amount: 50, kind: 'free', reason: 'staff_adjustment', now: shop.clock.now() });
    return { before: { p: 0 }, after: { p: 50 }, result: 'done' };
  };

  it('writes the change and its audit row together', async () => {
    const m = await buildMember(shop);
    const before = await countAudit(shop.ctx.db.pool);
    const staff = { ...owner.staff, name: 'x' };
    expect(
      await withAudit(
        shop.ctx,
        staff,
        { action: 'test.grant' as AuditActionKey, targetType: 'member', targetId: m.id },
        grant(m.id),
      ),
    ).toBe('done');
    expect(await points(m.id)).toBe(50);
    expect(await countAudit(shop.ctx.db.pool)).toBe(before + 1);
  });

  it('a failure after the write (the audit row cannot be written) leaves neither', async () => {
    const m = await buildMember(shop);
    const before = await countAudit(shop.ctx.db.pool);
    // No such staff member: the audit insert fails on its reference after the points were granted.
    const ghost = { id: 987654321, mail: 'ghost@staff.test', name: 'ghost', role: 'owner' as const };
    await expect(
      withAudit(
        shop.ctx,
        ghost,
        { action: 'test.grant' as AuditActionKey, targetType: 'member', targetId: m.id },
        grant(m.id),
      ),
    ).rejects.toThrow();
    expect(await points(m.id)).toBe(0);
    expect(await countAudit(shop.ctx.db.pool)).toBe(before);
  });

  it('a failure inside the work after its write leaves neither', async () => {
    const m = await buildMember(shop);
    const before = await countAudit(shop.ctx.db.pool);
    const staff = { ...owner.staff, name: 'x' };
    await expect(
      withAudit(
        shop.ctx,
        staff,
        { action: 'test.grant' as AuditActionKey, targetType: 'member', targetId: m.id },
        async (tx) => {
          await grant(m.id)(tx);
          throw new Error('boom after the write');
        },
      ),
    ).rejects.toThrow('boom');
    expect(await points(m.id)).toBe(0);
    expect(await countAudit(shop.ctx.db.pool)).toBe(before);
  });
});

describe('GET /api/admin/audit', () => {
  it('filters by staff, action and date range, and refuses a reversed range', async () => {
    const m = await buildMember(shop, { freePoints: 10 });
    await owner.post(`/admin/members/${m.id}/adjust`, { currency: 'point', amount: 5, reason: 'テスト付与' });
    const today = new Date(shop.clock.now().getTime() + 9 * 3600_000).toISOString().slice(0, 10);
    const hit = await owner.get(
      `/admin/audit?action=member.adjust&staff_id=${owner.staff.id}&from=${today}&to=${today}`,
    );
    expect(hit.state).toBe(200);
    expect((hit.rows as { reason: string }[]).map((r) => r.reason)).toContain('テスト付与');
    expect(hit.actions).toContain('member.adjust');
    const none = await owner.get('/admin/audit?action=member.adjust&from=2000-01-01&to=2000-01-02');
    expect(none).toMatchObject({ state: 200, total: 0 });
    const reversed = await owner.get('/admin/audit?from=2026-02-02&to=2026-02-01');
    expect(reversed.state).toBe(400);
    expect(reversed.errors?.from?.[0]).toBe('開始日は終了日以前の日付にしてください');
    expect((await owner.get('/admin/audit?from=yesterday')).state).toBe(400);
  });
});
