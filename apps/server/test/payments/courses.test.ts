import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import { useShop } from '../test-shop.ts';
import { balance, buy, cardToken, expectLedgerClean, ledgerRows, startPaymentShop } from './helpers.ts';

const t = useShop(startPaymentShop);

describe('point courses and the pay list', () => {
  it('lists courses with the rank bonus of the member', async () => {
    const guest = await t.shop.client().get('/user/point_price');
    expect(guest.is_discount).toBe('0');
    expect((guest.list as { point: number }[]).map((c) => c.point)).toEqual([
      500, 1000, 3000, 5000, 10000, 30000, 50000,
    ]);
    const m = await buildMember(t.shop, { rank: 3 });
    const res = await m.client.get('/user/point_price/1');
    expect(res.is_discount).toBe('1');
    expect((res.list as unknown[])[4]).toMatchObject({ point: 10000, append_point: 200, price: 10000, discount: 1.02 });
    const detail = await m.client.get(`/user/point_price/detail/${t.course[3000]}`);
    expect(detail.detail).toMatchObject({ id: t.course[3000], point: 3000, append_point: 60, total_point: 3060 });
  });

  it('applies the rank bonus as a free lot and ranks up when total_buy crosses the threshold', async () => {
    const m = await buildMember(t.shop, { rank: 6 });
    const tok = await cardToken(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[50000], pay_id: 1, token: tok.token });
    expect(res.point).toBe(52500);
    expect(await ledgerRows(t.shop, m.id)).toEqual([
      { amount: 50000, reason: 'point_purchase', kind: 'paid' },
      { amount: 2500, reason: 'rank_bonus', kind: 'free' },
    ]);
    const r1 = await buildMember(t.shop);
    for (let i = 0; i < 2; i++) {
      await buy(r1.client, { point_price_id: t.course[5000], pay_id: 1, token: (await cardToken(t.shop)).token });
    }
    expect(await balance(t.shop, r1.id)).toMatchObject({ totalBuy: 10000, rank: 2 });
    await expectLedgerClean(t.shop);
  });

  it('offers every pay id but the retired LINE Pay, card first', async () => {
    const res = await t.shop.client('en').get('/user/pay_style');
    const list = res.list as { id: number; name: string }[];
    expect(list.map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 10, 11, 12, 13, 14]);
    expect(list[0]!.id).toBe(1);
    expect(list.find((p) => p.id === 3)!.name).toBe('PayPal');
  });

  it('refuses unknown or out-of-range courses, pay ids not offered, and guests; nothing is created', async () => {
    const m = await buildMember(t.shop);
    // A course outside 300–50,000 cannot even be stored.
    await expect(
      t.shop.ctx.db.pool.query('INSERT INTO point_courses (point, price) VALUES (50001, 50001)'),
    ).rejects.toThrow(/check/i);
    await expect(
      t.shop.ctx.db.pool.query('INSERT INTO point_courses (point, price) VALUES (299, 299)'),
    ).rejects.toThrow();
    const tok = await cardToken(t.shop);
    expect((await buy(m.client, { point_price_id: 999999, pay_id: 1, token: tok.token })).state).toBe(404);
    expect((await m.client.get('/user/point_price/detail/999999')).state).toBe(404);
    await t.shop.ctx.db.pool.query('UPDATE point_courses SET active = false WHERE id = $1', [t.course[30000]]);
    expect((await buy(m.client, { point_price_id: t.course[30000], pay_id: 1, token: tok.token })).state).toBe(404);
    await t.shop.ctx.db.pool.query('UPDATE point_courses SET active = true WHERE id = $1', [t.course[30000]]);
    for (const payId of [0, 9, 15, 99, '1; DROP TABLE payments', 'x']) {
      const r = await buy(m.client, { point_price_id: t.course[500], pay_id: payId, token: tok.token });
      expect(r.state).toBe(400);
      expect(r.errors?.pay_id).toBeDefined();
    }
    expect(
      (await buy(m.client, { point_price_id: t.course[500], pay_id: 1, token: 'short' })).errors?.token,
    ).toBeDefined();
    expect((await buy(m.client, { point_price_id: t.course[500], pay_id: 1 })).errors?.token).toBeDefined();
    expect(
      (await buy(m.client, { point_price_id: 'abc', pay_id: 1, token: tok.token })).errors?.point_price_id,
    ).toBeDefined();
    expect((await buy(t.shop.client(), { point_price_id: t.course[500], pay_id: 1, token: tok.token })).state).toBe(
      401,
    );
    const { rows } = await t.shop.ctx.db.pool.query('SELECT 1 FROM payments WHERE member_id = $1', [m.id]);
    expect(rows).toEqual([]);
    expect((await balance(t.shop, m.id)).point).toBe(0);
  });

  it('the amount comes from the t.course, never from the client', async () => {
    const m = await buildMember(t.shop);
    const res = await buy(m.client, {
      point_price_id: t.course[500],
      pay_id: 1,
      token: (await cardToken(t.shop)).token,
      amount: 1,
      price: 1,
      point: 50000,
    });
    expect(res.point).toBe(500);
    const { rows } = await t.shop.ctx.db.pool.query('SELECT amount, point FROM payments WHERE member_id = $1', [m.id]);
    expect(rows[0]).toMatchObject({ amount: 500, point: 500 });
  });
});

describe('sandbox card tokens', () => {
  const cases: [Record<string, string>, string][] = [
    [{ card_number: '' }, '1300'],
    [{ card_number: '4111111111111112' }, '1301'],
    [{ card_number: '41111' }, '1301'],
    [{ card_expire: '' }, '1400'],
    [{ card_expire: '1239' }, '1401'],
    [{ card_expire: '13/39' }, '1500'],
    [{ card_expire: '01/20' }, '1501'],
    [{ card_expire: '01/99' }, '1502'],
    [{ security_code: '' }, '1600'],
    [{ security_code: '12a' }, '1601'],
    [{ cardholder_name: '' }, '1700'],
    [{ cardholder_name: '山田' }, '1700'],
    [{ card_number: '4000000000008000' }, '8000'],
    [{ card_number: '4000000000007001' }, '7001'],
  ];
  it.each(cases)('%j → %s', async (fields, code) => {
    expect(await cardToken(t.shop, '4111111111111111', fields)).toEqual({ error_code: code });
  });
});

describe('histories', () => {
  it('point history rows in Tokyo time with money; coin history; pages', async () => {
    const m = await buildMember(t.shop, { coins: 300, rank: 2 });
    await buy(m.client, { point_price_id: t.course[1000], pay_id: 1, token: (await cardToken(t.shop)).token });
    const hist = await m.client.get('/user/point/list');
    const rows = hist.list as {
      bonusPoint: number;
      money: number;
      memo: string;
      created: string;
      history_id: number;
    }[];
    expect(rows.map((r) => [r.bonusPoint, r.money])).toEqual([
      [10, 0],
      [1000, 1000],
    ]);
    expect(rows[1]!.memo).toBe('ポイント購入（クレジットカード）');
    expect(rows[0]!.memo).toBe('ポイント購入のランクボーナス');
    expect(rows[0]!.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(hist.page).toMatchObject({ page: 1, all_page: 1 });
    const coins = await m.client.get('/user/coin/list/1');
    expect((coins.list as { bonusCoin: number; history_id: number }[])[0]).toMatchObject({
      bonusCoin: 300,
      history_id: 0,
    });
    expect((await t.shop.client().get('/user/point/list')).state).toBe(401);
  });

  it('a pack spend links to its purchase (history_id, status) and names the pack', async () => {
    const packId = await buildPack(t.shop, { nameJa: 'りんごパック', point: 100 });
    const m = await buildMember(t.shop, { paidPoints: 1000 });
    const { buy: bought } = await drawVia(m.client, packId, 1);
    expect(bought?.state).toBe(200);
    const rows = (await m.client.get('/user/point/list')).list as {
      bonusPoint: number;
      history_id: number;
      status: string;
      memo: string;
    }[];
    expect(rows[0]).toMatchObject({
      bonusPoint: -100,
      history_id: bought!.purchase_id,
      status: '0',
      memo: 'ガチャ「りんごパック」1回',
    });
    expect(rows[1]).toMatchObject({ bonusPoint: 1000, history_id: 0 });
  });
});
