import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { useShop } from '../test-shop.ts';
import {
  balance,
  buy,
  CARDS,
  cardToken,
  expectLedgerClean,
  ledgerRows,
  paymentEvents,
  paymentRow,
  pressSandbox,
  startPaymentShop,
} from './helpers.ts';

const t = useShop(startPaymentShop);

describe('card payments (pay_id 1 and 7)', () => {
  it('credits a good card at once: paid lot, total_buy, history, pay_result', async () => {
    const m = await buildMember(t.shop);
    const tok = await cardToken(t.shop);
    expect(tok.req_card_number).toBe('**** **** **** 1111');
    const res = await buy(m.client, {
      point_price_id: t.course[1000],
      pay_id: 1,
      token: tok.token,
      req_card_number: tok.req_card_number,
      card_user_name: 'TARO SHIKEN',
    });
    expect(res.state).toBe(200);
    expect(res).toMatchObject({ result: '1', url: '1', point: 1000 });
    expect(await balance(t.shop, m.id)).toMatchObject({ point: 1000, totalBuy: 1000 });
    expect(await ledgerRows(t.shop, m.id)).toEqual([{ amount: 1000, reason: 'point_purchase', kind: 'paid' }]);
    expect(await paymentEvents(t.shop, res.payment_id as string)).toEqual(['created', 'succeeded']);
    const pr = await m.client.get('/user/pay_result');
    expect(pr).toMatchObject({
      pay_price: 1000,
      pay_point: 1000,
      pay_point_price_id: t.course[1000],
      pay_member_id: m.id,
    });
    expect((await m.client.get(`/user/pay_result?payment_id=${res.payment_id}`)).pay_unique_id).toBe(res.payment_id);
    const other = await buildMember(t.shop);
    expect((await other.client.get(`/user/pay_result?payment_id=${res.payment_id}`)).state).toBe(404);
    const hist = await m.client.get('/user/point/list');
    expect((hist.list as { bonusPoint: number; money: number }[])[0]).toMatchObject({ bonusPoint: 1000, money: 1000 });
    await expectLedgerClean(t.shop);
  });

  it('refuses a declined card with a failure message and credits nothing', async () => {
    const m = await buildMember(t.shop, { lang: 'en' });
    const tok = await cardToken(t.shop, CARDS.declined);
    const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 1, token: tok.token });
    expect(res.state).toBe(400);
    expect(res.reason).toBe('declined');
    expect(res.errors?.general?.[0]).toBe('Payment failed, please check your credit card status');
    expect((await balance(t.shop, m.id)).point).toBe(0);
    const { rows } = await t.shop.ctx.db.pool.query('SELECT status FROM payments WHERE member_id = $1', [m.id]);
    expect(rows.map((r) => r.status)).toEqual(['failed']);
    await expectLedgerClean(t.shop);
  });

  it('a one-time token works once; a replayed token (another member) is refused and changes nothing', async () => {
    const a = await buildMember(t.shop);
    const b = await buildMember(t.shop);
    const tok = await cardToken(t.shop);
    expect((await buy(a.client, { point_price_id: t.course[500], pay_id: 1, token: tok.token })).state).toBe(200);
    const again = await buy(b.client, { point_price_id: t.course[500], pay_id: 1, token: tok.token });
    expect(again.state).toBe(400);
    expect(again.errors?.token?.[0]).toContain('使用済み');
    expect((await balance(t.shop, b.id)).point).toBe(0);
    await expectLedgerClean(t.shop);
  });

  it('3-D Secure: result 7 → /api/acs/secure → challenge → pass → append → end result 1', async () => {
    const m = await buildMember(t.shop);
    const tok = await cardToken(t.shop, CARDS.threeDs);
    const res = await buy(m.client, { point_price_id: t.course[3000], pay_id: 1, token: tok.token, pack_id: 77 });
    expect(res).toMatchObject({ state: 200, result: '7', pack_id: 77 });
    const pid = res.payment_id as string;
    expect(res.url).toBe(`/api/acs/secure?payment=${pid}`);
    expect((await balance(t.shop, m.id)).point).toBe(0);

    const acs = await m.client.raw(res.url as string);
    expect(acs.status).toBe(302);
    const challenge = acs.headers.get('location')!;
    expect(challenge).toMatch(/\/sandbox\/pay\/si_/);
    // Someone else cannot open this member's challenge through the shop.
    const other = await buildMember(t.shop);
    expect((await other.client.raw(res.url as string)).status).toBe(404);

    const back = await pressSandbox(t.shop, challenge, 'pass');
    expect(back.status).toBe(303);
    expect(back.location).toContain(`/pay-redirect?payment_id=${pid}`);
    const append = await m.client.post('/user/point/append', { token: pid });
    expect(append).toMatchObject({ state: 200, result: '1', pack_id: 77 });
    const end = await m.client.get(`/user/point/end?payment_id=${pid}`);
    expect(end).toMatchObject({ result: '1', pack_id: 77, point: 3000 });
    expect((await balance(t.shop, m.id)).point).toBe(3000);
    expect(await paymentEvents(t.shop, pid)).toEqual(['created', 'requires_action', 'succeeded']);
    await expectLedgerClean(t.shop);
  });

  it('3-D Secure failure or cancel ends in result 0 and never credits', async () => {
    for (const action of ['fail', 'cancel']) {
      const m = await buildMember(t.shop);
      const tok = await cardToken(t.shop);
      // pay_id 7 asks for 3-D Secure even for a card that would pass without it.
      const res = await buy(m.client, { point_price_id: t.course[1000], pay_id: 7, token: tok.token });
      expect(res.result).toBe('7');
      const row = await paymentRow(t.shop, res.payment_id as string);
      await pressSandbox(t.shop, row.next_action_url, action);
      const end = await m.client.get(`/user/point/end?payment_id=${res.payment_id}`);
      expect(end).toMatchObject({ result: '0', status: action === 'fail' ? 'failed' : 'cancelled' });
      // The page cannot be used again to pass it afterwards.
      const late = await pressSandbox(t.shop, row.next_action_url, 'pass');
      expect(late.status).toBe(409);
      expect((await balance(t.shop, m.id)).point).toBe(0);
    }
    await expectLedgerClean(t.shop);
  });

  it('append settles with the provider when the member returns before the callback', async () => {
    const m = await buildMember(t.shop);
    const tok = await cardToken(t.shop, CARDS.threeDs);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 1, token: tok.token });
    const row = await paymentRow(t.shop, res.payment_id as string);
    // The provider marks it paid but its callback is lost.
    await t.shop.ctx.db.pool.query("UPDATE sandbox_intents SET status = 'succeeded' WHERE id = $1", [row.provider_ref]);
    const append = await m.client.post('/user/point/append', { token: res.payment_id });
    expect(append.result).toBe('1');
    expect((await balance(t.shop, m.id)).point).toBe(500);
    // Another member's payment id is not found and changes nothing.
    const other = await buildMember(t.shop);
    expect((await other.client.post('/user/point/append', { token: res.payment_id })).state).toBe(404);
    await expectLedgerClean(t.shop);
  });

  it('saved cards: save, list masked, pay with card_index, refuse duplicates and other members, delete', async () => {
    const m = await buildMember(t.shop);
    const tok = await cardToken(t.shop);
    const saved = await m.client.post('/user/point/savedcard', { pay_id: 1, token: tok.token });
    expect(saved.state).toBe(200);
    const list = await m.client.get('/user/point/savedcard');
    const cards = list.card_list as { id: number; card: string }[];
    expect(cards).toEqual([expect.objectContaining({ card: '**** **** **** 1111' })]);
    const { rows } = await t.shop.ctx.db.pool.query(
      'SELECT provider_ref, masked FROM saved_cards WHERE member_id = $1',
      [m.id],
    );
    expect(rows[0].provider_ref).toMatch(/^card_/);

    const dup = await m.client.post('/user/point/savedcard', { pay_id: 1, token: (await cardToken(t.shop)).token });
    expect(dup.state).toBe(400);
    expect(dup.errors?.token?.[0]).toContain('カードの登録に失敗');

    const paid = await buy(m.client, { point_price_id: t.course[500], pay_id: 1, card_index: cards[0]!.id });
    expect(paid.result).toBe('1');
    const paid2 = await buy(m.client, { point_price_id: t.course[500], pay_id: 1, card_index: cards[0]!.id });
    expect(paid2.result).toBe('1');
    expect((await balance(t.shop, m.id)).point).toBe(1000);

    const thief = await buildMember(t.shop);
    const stolen = await buy(thief.client, { point_price_id: t.course[500], pay_id: 1, card_index: cards[0]!.id });
    expect(stolen.state).toBe(400);
    expect(stolen.reason).toBe('saved_card_not_found');
    expect((await thief.client.post('/user/point/deletecard', { card_index: cards[0]!.id })).state).toBe(400);
    expect((await balance(t.shop, thief.id)).point).toBe(0);
    const { rows: pays } = await t.shop.ctx.db.pool.query('SELECT 1 FROM payments WHERE member_id = $1', [thief.id]);
    expect(pays).toEqual([]);

    expect((await m.client.post('/user/point/deletecard', { card_index: cards[0]!.id })).state).toBe(200);
    expect((await m.client.get('/user/point/savedcard')).card_list).toEqual([]);
    const gone = await m.client.post('/user/point/deletecard', { card_index: cards[0]!.id });
    expect(gone.errors?.card_index?.[0]).toBe('カードの削除に失敗しました');
    await expectLedgerClean(t.shop);
  });

  it('pays with a new card and keeps it when save_card is 1', async () => {
    const m = await buildMember(t.shop);
    const tok = await cardToken(t.shop);
    const res = await buy(m.client, { point_price_id: t.course[500], pay_id: 1, token: tok.token, save_card: '1' });
    expect(res.result).toBe('1');
    expect((await m.client.get('/user/point/savedcard')).card_list).toHaveLength(1);
  });
});
