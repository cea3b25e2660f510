import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';

const t = useTestShop();

describe('GET /api/user/point', () => {
  it('answers a guest as logged out with zero balances', async () => {
    const res = await t.shop.client().get('/user/point');
    expect(res).toMatchObject({
      state: 200,
      is_login: '0',
      id: null,
      point: '0',
      coin: '0',
      end_sms: '0',
      is_rank_maintained: false,
    });
    expect(res.csrf?.csrf_name).toMatch(/^csrf/);
  });

  it('answers a member with balances as strings, rank and gauge', async () => {
    const m = await buildMember(t.shop, { paidPoints: 1200, freePoints: 300, coins: 40, rank: 2, smsVerified: true });
    await t.shop.ctx.db.pool.query('UPDATE members SET total_buy = 12500 WHERE id = $1', [m.id]);
    const en = await m.client.get('/user/point');
    expect(en).toMatchObject({
      state: 200,
      is_login: '1',
      id: m.id,
      point: '1500',
      coin: '40',
      rank: 2,
      rank_name: 'シルバー',
      rank_color: '#9aa3ad',
      total_buy: 12500,
      rank_up_count: 50000,
      block_rank_percent: 25,
      is_block_clear: false,
      // Nothing bought this month (issue 11, ADR 0021): rank 2 drops at the month's end unless kept with coins.
      is_maintained: false,
      is_rank_maintained: true,
      rank_keep_coin: 3000,
      next_month_rank: 1,
      end_sms: '1',
    });
  });

  it('shows the top rank with a full gauge and a cleared block', async () => {
    const m = await buildMember(t.shop, { rank: 7 });
    expect(await m.client.get('/user/point')).toMatchObject({
      rank: 7,
      rank_name: 'レジェンド',
      rank_up_count: 0,
      block_rank_percent: 100,
      is_block_clear: true,
    });
  });

  it('clears the block when the purchases reach the next rank', async () => {
    const m = await buildMember(t.shop);
    await t.shop.ctx.db.pool.query('UPDATE members SET total_buy = 10000 WHERE id = $1', [m.id]);
    expect(await m.client.get('/user/point')).toMatchObject({ block_rank_percent: 100, is_block_clear: true });
  });

  it('names the rank in English and keeps the gauge at least 1 % for a small total', async () => {
    const m = await buildMember(t.shop, { lang: 'en' });
    await t.shop.ctx.db.pool.query('UPDATE members SET total_buy = 50 WHERE id = $1', [m.id]);
    const res = await m.client.get('/user/point');
    expect(res).toMatchObject({ rank: 1, rank_name: 'Bronze', block_rank_percent: 1, end_sms: '0' });
  });
});

describe('GET /api/user/detail', () => {
  it('needs a login', async () => {
    const res = await t.shop.client('en').get('/user/detail');
    expect(res.state).toBe(401);
    expect(res.errors?.general).toEqual(['Please log in']);
  });

  it('answers the profile with an empty address when none is saved', async () => {
    const m = await buildMember(t.shop);
    const res = await m.client.get('/user/detail');
    expect(res.state).toBe(200);
    expect(res.detail).toMatchObject({
      lastName: '試験',
      firstName: '太郎',
      middleName: '',
      mail: m.mail,
      zipcode: '',
      pref_id: 0,
      pref_name: '',
      shiku: '',
      address: '',
      building: '',
    });
    expect((res.detail as { referral_code: string }).referral_code).toMatch(/^[A-Z2-9]{8}$/);
  });

  it('names the prefecture in the caller language', async () => {
    const m = await buildMember(t.shop, { address: true });
    expect(((await m.client.get('/user/detail')).detail as { pref_name: string }).pref_name).toBe('東京都');
    const en = t.shop.client('en');
    en.setCookie('sid', m.client.cookie('sid')!);
    expect(((await en.get('/user/detail')).detail as { pref_name: string }).pref_name).toBe('Tokyo');
  });
});

describe('GET /api/user/pref_list', () => {
  it('lists 47 prefectures in Japanese, without overseas', async () => {
    const res = await t.shop.client('ja').get('/user/pref_list');
    const list = res.list as { id: number; name: string }[];
    expect(list).toHaveLength(47);
    expect(list[0]).toEqual({ id: 1, name: '北海道' });
    expect(list.find((p) => p.id === 13)?.name).toBe('東京都');
    expect(list.some((p) => p.id === 99)).toBe(false);
  });

  it('adds overseas (99) in English', async () => {
    const list = (await t.shop.client('en').get('/user/pref_list')).list as { id: number; name: string }[];
    expect(list).toHaveLength(48);
    expect(list.find((p) => p.id === 99)).toEqual({ id: 99, name: 'Overseas' });
    expect(list.find((p) => p.id === 47)?.name).toBe('Okinawa');
  });
});
