import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { staffClient, type StaffClient } from './staff-fixtures.ts';

let shop: TestShop;
let owner: StaffClient;
let operator: StaffClient;
beforeAll(async () => {
  shop = await startTestShop();
  owner = await staffClient(shop, 'owner', 'ja');
  operator = await staffClient(shop, 'operator', 'ja');
});
afterAll(() => shop.close());

const q = (sql: string, params: unknown[] = []) => shop.ctx.db.pool.query(sql, params);
const audits = async () =>
  (await q("SELECT before, after, target_id FROM audit_log WHERE action = 'settings.update' ORDER BY id")).rows;
const LICENCE = '東京都公安委員会 第301012345678号';

describe('shop settings: the 古物商許可番号', () => {
  it('is unset at first: the console shows it empty and the storefront gets an empty text', async () => {
    expect(await owner.get('/admin/settings')).toMatchObject({ state: 200, settings: { antique_dealer_licence: '' } });
    expect(await shop.client().get('/user/site_info')).toMatchObject({ antique_dealer_licence: '' });
  });

  it('an owner saves it (audited, before and after); the storefront shows it; emptied, it is gone again', async () => {
    const saved = await owner.post('/admin/settings', {
      antique_dealer_licence: ' 東京都公安委員会 第３０１０１２３４５６７８号',
    });
    expect(saved).toMatchObject({ state: 200, settings: { antique_dealer_licence: LICENCE } });
    expect(await shop.client('en').get('/user/site_info')).toMatchObject({ antique_dealer_licence: LICENCE });
    expect(await audits()).toEqual([
      {
        before: { antique_dealer_licence: '' },
        after: { antique_dealer_licence: LICENCE },
        target_id: 'antique_dealer_licence',
      },
    ]);
    expect((await owner.post('/admin/settings', { antique_dealer_licence: '' })).state).toBe(200);
    expect(await shop.client().get('/user/site_info')).toMatchObject({ antique_dealer_licence: '' });
    expect(await audits()).toHaveLength(2);
    expect((await owner.post('/admin/settings', { antique_dealer_licence: LICENCE })).state).toBe(200);
  });

  it('refuses a wrong number, markup, an unknown key or nothing, in the staff language, and changes nothing', async () => {
    const before = await audits();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ antique_dealer_licence: '第12345号' }, 'antique_dealer_licence', /12桁の許可番号/],
      [{ antique_dealer_licence: '<script>301012345678</script>' }, 'antique_dealer_licence', /使えません/],
      [{ antique_dealer_licence: ['x'] }, 'antique_dealer_licence', /./],
      [{ colour: 'red' }, '', /./],
      [{}, 'general', /./],
    ];
    for (const [body, field, message] of cases) {
      const res = await owner.post('/admin/settings', body);
      expect(res.state, JSON.stringify(body)).toBe(400);
      const errors = res.errors as Record<string, string[]>;
      if (field) expect(errors[field]?.join(' '), JSON.stringify(body)).toMatch(message);
    }
    expect(await audits()).toEqual(before);
    expect(await owner.get('/admin/settings')).toMatchObject({ settings: { antique_dealer_licence: LICENCE } });
  });

  it('keeps the external links (issue 24): https only, shown on site_info once set, hidden while empty', async () => {
    const saved = await owner.post('/admin/settings', {
      company_url: 'https://company.example/about',
      social_url: ' https://social.example/kirakira ',
    });
    expect(saved).toMatchObject({ state: 200, settings: { social_url: 'https://social.example/kirakira' } });
    expect((await shop.client().get('/user/site_info')).links).toEqual({
      company_url: 'https://company.example/about',
      column_url: '',
      winners_url: '',
      media_url: '',
      social_url: 'https://social.example/kirakira',
    });
    const before = await audits();
    const ownerEn = await staffClient(shop, 'owner', 'en');
    for (const bad of ['javascript:alert(1)', 'http://company.example/', 'https://a:b@company.example/']) {
      const res = await ownerEn.post('/admin/settings', { company_url: bad });
      expect(res.state, bad).toBe(400);
      expect((res.errors as Record<string, string[]>).company_url).toEqual(['Enter a URL that starts with https://']);
    }
    expect(await audits()).toEqual(before);
    expect((await shop.client().get('/user/site_info')).links).toMatchObject({
      company_url: 'https://company.example/about',
    });
  });

  it('is for owners only', async () => {
    expect((await operator.get('/admin/settings')).state).toBe(403);
    expect((await operator.post('/admin/settings', { antique_dealer_licence: '' })).state).toBe(403);
    expect(await owner.get('/admin/settings')).toMatchObject({ settings: { antique_dealer_licence: LICENCE } });
  });
});
