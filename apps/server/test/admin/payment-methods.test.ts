import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { buy, seedCourses } from '../payments/helpers.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { staffClient } from './staff-fixtures.ts';

const t = useShop(async () => {
  const shop = await startTestShop();
  return {
    shop,
    course: await seedCourses(shop),
    owner: await staffClient(shop, 'owner'),
    support: await staffClient(shop, 'support'),
  };
});

interface Method {
  id: number;
  name_ja: string;
  provider: string;
  enabled: boolean;
  offered: boolean;
}
const payList = async () => ((await t.shop.client().get('/user/pay_style')).list as { id: number }[]).map((p) => p.id);

describe('the payment-method screen (issue 23)', () => {
  it('shows every method with its provider and switch; support may not open it', async () => {
    const res = await t.owner.get('/admin/payments/methods');
    expect(res.state).toBe(200);
    const methods = res.methods as Method[];
    expect(methods.map((m) => m.id)).toEqual([1, 7, 14, 12, 8, 10, 11, 13, 3, 5, 2, 4, 6]);
    expect(methods.find((m) => m.id === 10)).toMatchObject({ name_ja: 'メルペイ', provider: 'sandbox', offered: true });
    expect((await t.support.get('/admin/payments/methods')).state).toBe(403);
    expect((await t.support.post('/admin/payments/methods', { pay_id: 10, enabled: false })).state).toBe(403);
  });

  it('switching Paidy off hides it from the storefront and refuses it at point/buy; audited; on again restores it', async () => {
    const off = await t.owner.post('/admin/payments/methods', { pay_id: 13, enabled: false });
    expect(off.state).toBe(200);
    expect((off.methods as Method[]).find((m) => m.id === 13)).toMatchObject({ enabled: false, offered: false });
    expect(await payList()).not.toContain(13);
    const m = await buildMember(t.shop);
    const refused = await buy(m.client, { point_price_id: t.course[500], pay_id: 13 });
    expect(refused.state).toBe(400);
    expect(refused.errors?.pay_id?.[0]).toBe('ご利用いただけないお支払い方法です');
    const { rows: made } = await t.shop.ctx.db.pool.query('SELECT 1 FROM payments WHERE member_id = $1', [m.id]);
    expect(made).toHaveLength(0);
    const { rows: audit } = await t.shop.ctx.db.pool.query(
      "SELECT before, after FROM audit_log WHERE action = 'payment.method' AND target_id = '13' ORDER BY id",
    );
    expect(audit.map((r) => [r.before.enabled, r.after.enabled])).toEqual([[true, false]]);

    expect((await t.owner.post('/admin/payments/methods', { pay_id: 13, enabled: true })).state).toBe(200);
    expect(await payList()).toContain(13);
    expect((await buy(m.client, { point_price_id: t.course[500], pay_id: 13 })).state).toBe(200);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    for (const body of [
      { pay_id: 9, enabled: false },
      { pay_id: 999, enabled: false },
      { pay_id: '<script>', enabled: false },
      { pay_id: 10, enabled: 'maybe' },
      { pay_id: 10 },
    ]) {
      const res = await t.owner.post('/admin/payments/methods', body);
      expect(res.state, JSON.stringify(body)).toBe(400);
      expect(res.errors).toBeDefined();
    }
    const { rows } = await t.shop.ctx.db.pool.query('SELECT pay_id FROM payment_method_settings WHERE pay_id = 10');
    expect(rows).toHaveLength(0);
  });
});
