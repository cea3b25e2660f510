import { describe, expect, it } from 'vitest';
import { insertCoupon } from '../../src/services/coupons.ts';
import { buildMember } from '../factories.ts';
import { useShop } from '../test-shop.ts';
import { balance, buy, cardToken, DAY, expectLedgerClean, ledgerRows, startPaymentShop } from './helpers.ts';

const t = useShop(startPaymentShop);

describe('POST /api/user/coupon/use', () => {
  it('a points coupon grants a free lot once per member (case-insensitive code)', async () => {
    const m = await buildMember(t.shop);
    const ok = await m.client.post('/user/coupon/use', { couponCode: 'welcome500' });
    expect(ok).toMatchObject({ state: 200, error: '', kind: 'points', point: 500 });
    expect(ok.csrf).toBeDefined();
    expect(await ledgerRows(t.shop, m.id)).toEqual([{ amount: 500, reason: 'coupon', kind: 'free' }]);
    const again = await m.client.post('/user/coupon/use', { couponCode: 'WELCOME500' });
    expect(again).toMatchObject({ state: 400, error: 'このクーポンは既にご利用済みです' });
    expect((await balance(t.shop, m.id)).point).toBe(500);
    await expectLedgerClean(t.shop);
  });

  it('a bonus coupon adds its bonus to the next purchase only, shown on the course detail', async () => {
    const m = await buildMember(t.shop);
    expect((await m.client.post('/user/coupon/use', { couponCode: 'BONUS10' })).kind).toBe('bonus');
    const detail = await m.client.get(`/user/point_price/detail/${t.course[3000]}`);
    expect(detail.detail).toMatchObject({ pointPriceUseCoupon: '1', coupon_point: 300, total_point: 3300 });
    const first = await buy(m.client, {
      point_price_id: t.course[3000],
      pay_id: 1,
      token: (await cardToken(t.shop)).token,
    });
    expect(first.point).toBe(3300);
    const second = await buy(m.client, {
      point_price_id: t.course[3000],
      pay_id: 1,
      token: (await cardToken(t.shop)).token,
    });
    expect(second.point).toBe(3000);
    expect((await ledgerRows(t.shop, m.id)).map((r) => r.reason)).toEqual([
      'point_purchase',
      'coupon_bonus',
      'point_purchase',
    ]);
    const pr = await m.client.get('/user/pay_result');
    expect(pr.pay_point).toBe(3000);
    await expectLedgerClean(t.shop);
  });

  it('a failed purchase leaves the bonus waiting', async () => {
    const m = await buildMember(t.shop);
    await m.client.post('/user/coupon/use', { couponCode: 'BONUS10' });
    const declined = await buy(m.client, {
      point_price_id: t.course[1000],
      pay_id: 1,
      token: (await cardToken(t.shop, '4000000000000002')).token,
    });
    expect(declined.state).toBe(400);
    const ok = await buy(m.client, {
      point_price_id: t.course[1000],
      pay_id: 1,
      token: (await cardToken(t.shop)).token,
    });
    expect(ok.point).toBe(1100);
  });

  it('validity window, unknown codes, 21 characters, empty, localized', async () => {
    const now = t.shop.clock.now();
    await insertCoupon(t.shop.ctx.db.pool, {
      code: 'LATER',
      kind: 'points',
      point: 100,
      startsAt: new Date(now.getTime() + DAY),
    });
    await insertCoupon(t.shop.ctx.db.pool, {
      code: 'OVER',
      kind: 'points',
      point: 100,
      endsAt: new Date(now.getTime() - 1),
    });
    const m = await buildMember(t.shop, { lang: 'en' });
    const err = async (code: unknown) => (await m.client.post('/user/coupon/use', { couponCode: code })).error;
    expect(await err('LATER')).toBe('This coupon cannot be used yet');
    expect(await err('OVER')).toBe('This coupon has expired');
    expect(await err('NOPE')).toBe('This coupon code is not valid');
    expect(await err('A'.repeat(21))).toBe('Enter at most 20 characters');
    expect(await err('')).toBe('Enter a coupon code');
    expect(await err(12)).toBe('Enter text');
    t.shop.clock.advance(2 * DAY);
    expect(await err('LATER')).toBe('');
    expect((await balance(t.shop, m.id)).point).toBe(100);
  });

  it('a used-up coupon: the total limit holds under a concurrent rush', async () => {
    await insertCoupon(t.shop.ctx.db.pool, { code: 'RUSH5', kind: 'points', point: 50, maxUses: 5 });
    const members = await Promise.all(Array.from({ length: 12 }, () => buildMember(t.shop)));
    const replies = await Promise.all(members.map((m) => m.client.post('/user/coupon/use', { couponCode: 'RUSH5' })));
    expect(replies.filter((r) => r.error === '')).toHaveLength(5);
    expect(replies.filter((r) => r.error === 'このクーポンは利用上限に達しました')).toHaveLength(7);
    const { rows } = await t.shop.ctx.db.pool.query("SELECT used_count FROM coupons WHERE code = 'RUSH5'");
    expect(rows[0].used_count).toBe(5);
    await expectLedgerClean(t.shop);
  });

  it('the per-member limit holds when one member sends the same coupon many times at once', async () => {
    await insertCoupon(t.shop.ctx.db.pool, { code: 'TWICE', kind: 'points', point: 10, perMemberLimit: 2 });
    const m = await buildMember(t.shop);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => m.client.post('/user/coupon/use', { couponCode: 'TWICE' })),
    );
    expect(replies.filter((r) => r.error === '')).toHaveLength(2);
    expect((await balance(t.shop, m.id)).point).toBe(20);
  });

  it('at most one bonus waits: different bonus coupons sent at once, only one is taken, the rest refused cleanly', async () => {
    const codes = Array.from({ length: 6 }, (_, i) => `RACEB${i}`);
    for (const code of codes) await insertCoupon(t.shop.ctx.db.pool, { code, kind: 'bonus', bonusPercent: 10 });
    const m = await buildMember(t.shop);
    const replies = await Promise.all(codes.map((couponCode) => m.client.post('/user/coupon/use', { couponCode })));
    expect(replies.filter((r) => r.error === '')).toHaveLength(1);
    // The others are told a bonus is already waiting (not a server error), and their coupon is not counted.
    expect(replies.filter((r) => r.state === 400 && r.reason === 'coupon_bonus_pending')).toHaveLength(5);
    const used = await t.shop.ctx.db.pool.query(
      "SELECT sum(used_count)::int AS n FROM coupons WHERE code LIKE 'RACEB%'",
    );
    expect(used.rows[0].n).toBe(1);
    const { rows } = await t.shop.ctx.db.pool.query(
      "SELECT count(*)::int AS n FROM coupon_uses WHERE member_id = $1 AND status = 'pending'",
      [m.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('guests get 401', async () => {
    expect((await t.shop.client().post('/user/coupon/use', { couponCode: 'WELCOME500' })).state).toBe(401);
  });
});
