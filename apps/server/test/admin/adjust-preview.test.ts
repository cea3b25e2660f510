import { describe, expect, it } from 'vitest';
import type { AdjustmentPreview } from '@oripa/core/admin';
import { buildMember } from '../factories.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

/**
 * Issue 21 §10: a balance adjustment had no confirm step. Its figures come from the server by the rule the
 * adjustment applies (ADR 0039's 24-hour window and ADJUSTMENT_APPROVAL_ABOVE, 10,000 here), and asking writes
 * nothing.
 */
const t = useShop(async () => {
  const shop = await startTestShop();
  return {
    shop,
    support: await staffClient(shop, 'support'),
    supportEn: await staffClient(shop, 'support', 'en'),
    shipping: await staffClient(shop, 'shipping'),
  };
});
const preview = async (c: typeof t.support, id: number | string, currency: string, amount: string | number) =>
  c.get(`/admin/members/${id}/adjust-preview?currency=${currency}&amount=${encodeURIComponent(String(amount))}`);
const ledgerRows = async () =>
  Number((await t.shop.ctx.db.pool.query('SELECT count(*) FROM ledger_entries')).rows[0].count);

describe('the confirm step of a balance adjustment', () => {
  it('shows the member, before and after, and whether it waits for approval, counting the last 24 hours', async () => {
    const m = await buildMember(t.shop, { freePoints: 300 });
    const rowsBefore = await ledgerRows();
    const small = await preview(t.support, m.id, 'point', 5_000);
    expect(small.state, JSON.stringify(small)).toBe(200);
    expect(small.preview as AdjustmentPreview).toMatchObject({
      member: { id: m.id, mail: m.mail },
      currency: 'point',
      amount: 5_000,
      before: 300,
      after: 5_300,
      needs_approval: false,
      limit: 10_000,
      granted_recently: 0,
    });
    expect(((await preview(t.support, m.id, 'point', 10_001)).preview as AdjustmentPreview).needs_approval).toBe(true);
    // Asking wrote nothing.
    expect(await ledgerRows()).toBe(rowsBefore);

    // 8,000 granted now: 3,000 more passes the limit over the window, so the step says it will wait.
    const grant = await t.support.post(`/admin/members/${m.id}/adjust`, {
      currency: 'point',
      amount: 8_000,
      reason: 'お詫び',
    });
    expect(grant.state).toBe(200);
    const next = (await preview(t.support, m.id, 'point', 3_000)).preview as AdjustmentPreview;
    expect(next).toMatchObject({ before: 8_300, after: 11_300, needs_approval: true, granted_recently: 8_000 });
    // What the step said is what the adjustment does.
    const asked = await t.support.post(`/admin/members/${m.id}/adjust`, {
      currency: 'point',
      amount: 3_000,
      reason: '追加',
    });
    expect(asked.approval).toBeTruthy();
    // Another staff member's window is their own; taking away never waits.
    expect(((await preview(t.supportEn, m.id, 'point', 3_000)).preview as AdjustmentPreview).needs_approval).toBe(
      false,
    );
    expect((await preview(t.support, m.id, 'point', -100)).preview as AdjustmentPreview).toMatchObject({
      after: 8_200,
      needs_approval: false,
    });
  });

  it("refuses bad input in the caller's language, and what only the permission allows", async () => {
    const m = await buildMember(t.shop, { freePoints: 50 });
    const over = await preview(t.support, m.id, 'point', -51);
    expect(over.state).toBe(400);
    expect(over.errors).toMatchObject({ amount: ['残高（50）を超えて減らすことはできません'] });
    const overEn = await preview(t.supportEn, m.id, 'point', -51);
    expect(overEn.errors).toMatchObject({ amount: ['Cannot take more than the balance (50)'] });
    for (const [currency, amount] of [
      ['point', 'abc'],
      ['point', '0'],
      ['point', '1e9'],
      ['point', '99999999999999999'],
      ['point', '<script>'],
      ['gold', '10'],
      ['', '10'],
    ] as const) {
      expect((await preview(t.support, m.id, currency, amount)).state, `${currency} ${amount}`).toBe(400);
    }
    expect((await preview(t.support, 99_999_999, 'point', 10)).state).toBe(404);
    expect((await preview(t.support, 'x', 'point', 10)).state).toBe(400);
    expect((await preview(t.shipping, m.id, 'point', 10)).state).toBe(403);
  });
});
