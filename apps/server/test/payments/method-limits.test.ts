import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { buy, seedCourses } from './helpers.ts';

const t = useShop(async () => {
  const shop = await startTestShop({ PAYMENT_METHOD_MAX: '13=1000; 6=3000' });
  return { shop, course: await seedCourses(shop) };
});

describe('provider limits per payment (issue 23)', () => {
  it('refuses Paidy above its maximum before anything is made, in ja and en; at or below it goes through', async () => {
    const m = await buildMember(t.shop);
    const over = await buy(m.client, { point_price_id: t.course[3000], pay_id: 13 });
    expect(over.state).toBe(400);
    expect(over.errors?.pay_id?.[0]).toBe(
      'このお支払い方法の1回あたりの上限（1,000円）を超えています。他のお支払い方法をお選びください',
    );
    const e = await buildMember(t.shop, { lang: 'en' });
    const overEn = await buy(e.client, { point_price_id: t.course[5000], pay_id: 13 });
    expect(overEn.errors?.pay_id?.[0]).toBe(
      'This amount is over the limit of ¥1,000 per payment for this method. Please choose another one',
    );
    const { rows } = await t.shop.ctx.db.pool.query('SELECT 1 FROM payments WHERE member_id = ANY($1)', [[m.id, e.id]]);
    expect(rows).toHaveLength(0);
    expect((await buy(m.client, { point_price_id: t.course[1000], pay_id: 13 })).state).toBe(200);
    // Carrier billing has its own; other methods have none at these amounts.
    expect((await buy(m.client, { point_price_id: t.course[5000], pay_id: 6, carrier_id: 'docomo' })).state).toBe(400);
    expect((await buy(m.client, { point_price_id: t.course[5000], pay_id: 10 })).state).toBe(200);
  });
});
