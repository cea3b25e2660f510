import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from './test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({
    OPERATOR_NAME: '株式会社テスト運営',
    OPERATOR_NAME_EN: 'Test Operations Inc.',
    OPERATOR_PHONE: '03-0000-1111',
    OPERATOR_EMAIL: 'legal@test.example',
  });
});
afterAll(() => shop.close());

describe('GET /api/user/site_info', () => {
  it('answers the configured operator, the shop name and the phone support hours to a guest', async () => {
    const res = await shop.client().get('/user/site_info');
    expect(res.state).toBe(200);
    expect(res.operator).toEqual({
      name: '株式会社テスト運営',
      nameEn: 'Test Operations Inc.',
      representative: shop.ctx.config.operator.representative,
      representativeEn: shop.ctx.config.operator.representativeEn,
      address: shop.ctx.config.operator.address,
      addressEn: shop.ctx.config.operator.addressEn,
      phone: '03-0000-1111',
      email: 'legal@test.example',
    });
    expect(res.shop_name).toEqual({ ja: 'キラキラオリパ', en: 'KIRAKIRA ORIPA' });
    expect(res.support_hours).toEqual({ days: 'weekdays', open: '10:00', close: '17:00' });
    expect(res.csrf?.csrf_name).toMatch(/^csrf/);
  });

  it('is the same in English, since the page picks the language of each field itself', async () => {
    const ja = await shop.client('ja').get('/user/site_info');
    const en = await shop.client('en').get('/user/site_info');
    expect(en.operator).toEqual(ja.operator);
  });

  it('leaks nothing else from the configuration', async () => {
    const res = await shop.client().get('/user/site_info');
    const text = JSON.stringify(res);
    expect(text).not.toContain(shop.ctx.config.sessionSecret);
    expect(text).not.toContain('postgres');
    expect(Object.keys(res).sort()).toEqual([
      'antique_dealer_licence',
      'csrf',
      'links',
      'operator',
      'shop_name',
      'state',
      'support_hours',
    ]);
  });
});
