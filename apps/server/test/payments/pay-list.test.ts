import { COMBINI_CODES } from '@oripa/core';
import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { useShop } from '../test-shop.ts';
import { balance, buy, expectLedgerClean, paymentRow, pressSandbox, sandboxPage, startPaymentShop } from './helpers.ts';

const t = useShop(startPaymentShop);

interface Style {
  id: number;
  name: string;
  memo: string;
  group: string;
}

describe('the pay list as Japanese buyers pay in 2026 (issue 23)', () => {
  it('has no LINE Pay; メルペイ, d払い, Apple Pay, au PAY, Paidy and the chains by name, in ja and en', async () => {
    const ja = await t.shop.client('ja').get('/user/pay_style');
    const en = await t.shop.client('en').get('/user/pay_style');
    const jaList = ja.list as Style[];
    const enList = en.list as Style[];
    for (const list of [jaList, enList]) {
      expect(list.map((p) => p.id)).not.toContain(9);
      expect(list.map((p) => p.name).join()).not.toMatch(/LINE/);
    }
    const jaNames = jaList.map((p) => p.name).join('|');
    for (const name of [
      'メルペイ',
      'd払い',
      'Apple Pay',
      'au PAY',
      'Paidy',
      'セブン-イレブン',
      'ローソン',
      'セイコーマート',
    ])
      expect(jaNames).toContain(name);
    expect(jaNames).not.toContain('主要コンビニ');
    const enNames = enList.map((p) => p.name).join('|');
    for (const name of [
      'Merpay',
      'd Barai',
      'Apple Pay',
      'au PAY',
      'Paidy',
      '7-Eleven',
      'FamilyMart',
      'Daily Yamazaki',
    ])
      expect(enNames).toContain(name);
    // Grouped as the confirm page shows them: card, smartphone, convenience store, bank, carrier.
    expect(jaList.map((p) => p.group)).toEqual([
      ...['card', 'card', 'card', 'card'],
      ...['smartphone', 'smartphone', 'smartphone', 'smartphone', 'smartphone', 'smartphone'],
      ...['combini', 'bank', 'carrier'],
    ]);
  });

  it("carries the asked course's point and price beside the list; old callers get 0 for both", async () => {
    expect(await t.shop.client().get('/user/pay_style')).toMatchObject({ state: 200, point: 0, price: 0 });
    const asked = await t.shop.client().get(`/user/pay_style?pointPriceId=${t.course[3000]}`);
    expect(asked).toMatchObject({ state: 200, point: 3000, price: 3000 });
    expect((asked.list as Style[]).length).toBe(13);
    const snake = await t.shop.client().get(`/user/pay_style?point_price_id=${t.course[500]}`);
    expect(snake).toMatchObject({ point: 500, price: 500 });
  });

  it('answers a clear error for a bad or unknown course', async () => {
    const bad = await t.shop.client('en').get('/user/pay_style?pointPriceId=abc');
    expect(bad.state).toBe(400);
    const unknown = await t.shop.client('ja').get('/user/pay_style?pointPriceId=999999');
    expect(unknown.state).toBe(404);
    expect(unknown.errors?.point_price_id?.[0]).toBe('ポイントコースが見つかりません');
  });

  it('tells an old client asking for LINE Pay (9) that it is no longer available, in ja and en; nothing is made', async () => {
    const m = await buildMember(t.shop);
    const ja = await buy(m.client, { point_price_id: t.course[500], pay_id: 9 });
    expect(ja.state).toBe(400);
    expect(ja.errors?.pay_id?.[0]).toBe('このお支払い方法は提供を終了しました。他のお支払い方法をお選びください');
    const e = await buildMember(t.shop, { lang: 'en' });
    const en = await buy(e.client, { point_price_id: t.course[500], pay_id: '9' });
    expect(en.errors?.pay_id?.[0]).toBe('This payment method is no longer available. Please choose another one');
    const { rows } = await t.shop.ctx.db.pool.query('SELECT 1 FROM payments WHERE member_id = ANY($1)', [[m.id, e.id]]);
    expect(rows).toHaveLength(0);
  });
});

describe('convenience stores by chain', () => {
  const howOf = { 'seven-eleven': 'online_slip', lawson: 'confirmation_number', 'daily-yamazaki': 'receipt_number' };
  for (const [store, instruction] of Object.entries(howOf)) {
    it(`${store}: a slip with the chain's instructions and a deadline an hour before the provider closes`, async () => {
      const m = await buildMember(t.shop);
      const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 2, combini_code: store });
      expect(res).toMatchObject({ state: 200, result: '1' });
      expect(res.receipt).toMatch(instruction === 'online_slip' ? /^\d{13}$/ : /^\d{11}$/);
      const slip = await m.client.get(`/user/point/combini_number?paymentID=${res.receipt}`);
      expect(slip).toMatchObject({ state: 200, store, instruction, price: 1000 });
      expect(Boolean(slip.confirmation)).toBe(instruction === 'confirmation_number');
      const row = await paymentRow(t.shop, res.payment_id as string);
      const closes = new Date(row.expires_at as string).getTime();
      const shown = Date.parse(`${(slip.deadline as string).replace(' ', 'T')}+09:00`);
      expect(Math.floor((closes - shown) / 1000)).toBe(3600);
      const page = await sandboxPage(t.shop, slip.url as string);
      expect(page.html).toContain(res.receipt as string);
      await pressSandbox(t.shop, slip.url as string, 'pay');
      await pressSandbox(t.shop, slip.url as string, 'pay');
      expect((await balance(t.shop, m.id)).point).toBe(1000);
      await expectLedgerClean(t.shop);
    });
  }

  it('offers every chain and refuses one that is not a chain', async () => {
    expect(COMBINI_CODES).toHaveLength(6);
    const m = await buildMember(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 2, combini_code: 'circle-k' });
    expect(res.state).toBe(400);
    expect(res.errors?.combini_code?.[0]).toBe('コンビニを選択してください');
  });
});
