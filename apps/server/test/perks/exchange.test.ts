import { describe, expect, it } from 'vitest';
import { autoConvertExchanges } from '../../src/jobs/auto-convert-exchanges.ts';
import { buildMember, ledgerViolations } from '../factories.ts';
import { useTestShop } from '../test-shop.ts';
import { exchangeCardWith, key, ledgerReasons, pointsOf, stockLeft } from './helpers.ts';

const t = useTestShop();

describe('card exchange (/api/user/exchange_card/*)', () => {
  it('lists cards, checks, exchanges for points once per request key, then converts like a drawn card', async () => {
    const cardId = await exchangeCardWith(t.shop, { price: 1000, convert: 600, stock: 2 });
    const m = await buildMember(t.shop, { paidPoints: 3000 });
    const list = await m.client.get('/user/exchange_card/list');
    expect(list.state).toBe(200);
    expect(list.list).toContainEqual(expect.objectContaining({ id: cardId, point: 1000, stock_left: 2 }));

    const check = await m.client.post('/user/exchange_card/check', { exchange_card_id: cardId });
    expect(check).toMatchObject({ state: 200, point_before: 3000, point_after: 2000 });
    expect(await pointsOf(t.shop, m.id)).toBe(3000);

    const requestKey = key();
    const done = await m.client.post('/user/exchange_card/exchange', {
      exchange_card_id: cardId,
      request_key: requestKey,
    });
    expect(done).toMatchObject({ state: 200, point: 2000, order: { status: 'pending' } });
    // A double submit (same key) answers the first exchange and takes nothing more.
    const again = await m.client.post('/user/exchange_card/exchange', {
      exchange_card_id: cardId,
      request_key: requestKey,
    });
    expect(again.order).toEqual(done.order);
    expect(await stockLeft(t.shop, cardId)).toBe(1);
    expect(await pointsOf(t.shop, m.id)).toBe(2000);

    const pending = await m.client.get('/user/exchange_card/list/1');
    expect(pending.pending).toHaveLength(1);
    const orderId = (done.order as { id: number }).id;
    const converted = await m.client.post('/user/exchange_card/decision', { exchange_id: orderId, action: 'convert' });
    expect(converted).toMatchObject({ state: 200, result: '1', returned_point: 600 });
    const twice = await m.client.post('/user/exchange_card/decision', { exchange_id: orderId, action: 'ship' });
    expect(twice).toMatchObject({ state: 204, result: '-1' });
    expect(await pointsOf(t.shop, m.id)).toBe(2600);
    expect(await ledgerReasons(t.shop, m.id)).toEqual(['test', 'exchange', 'exchange_conversion']);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('shipping needs an address ("0", nothing changes) and then snapshots it', async () => {
    const cardId = await exchangeCardWith(t.shop);
    const m = await buildMember(t.shop, { paidPoints: 1000 });
    const done = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: cardId, request_key: key() });
    const orderId = (done.order as { id: number }).id;
    expect(await m.client.post('/user/exchange_card/decision', { exchange_id: orderId, action: 'ship' })).toMatchObject(
      {
        state: 204,
        result: '0',
      },
    );
    await t.shop.ctx.db.pool.query(
      "UPDATE members SET zipcode = '1000001', pref_id = 13, shiku = '千代田区', address = '千代田1-1' WHERE id = $1",
      [m.id],
    );
    expect(await m.client.post('/user/exchange_card/decision', { exchange_id: orderId, action: 'ship' })).toMatchObject(
      {
        state: 200,
        result: '1',
      },
    );
    const { rows } = await t.shop.ctx.db.pool.query('SELECT status, address FROM exchange_orders WHERE id = $1', [
      orderId,
    ]);
    expect(rows[0]).toMatchObject({ status: 'ship', address: expect.objectContaining({ zipcode: '1000001' }) });
  });

  it('refuses a sold-out card, a short balance, an unknown card and another member’s order, changing nothing', async () => {
    const soldOut = await exchangeCardWith(t.shop, { stock: 0 });
    const dear = await exchangeCardWith(t.shop, { price: 5000 });
    const m = await buildMember(t.shop, { paidPoints: 1000 });
    const out = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: soldOut, request_key: key() });
    expect(out).toMatchObject({ state: 409, reason: 'sold_out' });
    expect(out.errors?.exchange_card_id?.[0]).toBe('このカードは在庫切れのため交換できません');
    expect((await m.client.post('/user/exchange_card/check', { exchange_card_id: soldOut })).state).toBe(409);
    const short = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: dear, request_key: key() });
    expect(short).toMatchObject({ state: 400, reason: 'insufficient_points' });
    expect(await stockLeft(t.shop, dear)).toBe(5);
    const unknown = await m.client.post('/user/exchange_card/exchange', {
      exchange_card_id: 999999,
      request_key: key(),
    });
    expect(unknown.state).toBe(400);
    const bad = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: 'x', request_key: 'short' });
    expect(bad.state).toBe(400);
    expect(await pointsOf(t.shop, m.id)).toBe(1000);

    const cheap = await exchangeCardWith(t.shop, { price: 100 });
    const done = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: cheap, request_key: key() });
    const other = await buildMember(t.shop, { lang: 'en' });
    const foreign = await other.client.post('/user/exchange_card/decision', {
      exchange_id: (done.order as { id: number }).id,
      action: 'convert',
    });
    expect(foreign.state).toBe(400);
    expect(foreign.errors?.exchange_id?.[0]).toBe('No exchanged card was found');
  });

  it('never oversells: 12 members race for 3 left, exactly 3 succeed and stock ends at 0', async () => {
    const cardId = await exchangeCardWith(t.shop, { price: 500, stock: 3 });
    const members = await Promise.all(Array.from({ length: 12 }, () => buildMember(t.shop, { paidPoints: 500 })));
    const second = await t.shop.startInstance();
    try {
      const replies = await Promise.all(
        members.map((m, i) => {
          const client = i % 2 === 0 ? m.client : second.client();
          if (i % 2 === 1) client.setCookie('sid', m.client.cookie('sid')!);
          return client.post('/user/exchange_card/exchange', { exchange_card_id: cardId, request_key: key() });
        }),
      );
      expect(replies.filter((r) => r.state === 200)).toHaveLength(3);
      expect(replies.filter((r) => r.state === 409)).toHaveLength(9);
      expect(await stockLeft(t.shop, cardId)).toBe(0);
      const { rows } = await t.shop.ctx.db.pool.query(
        'SELECT count(*)::int AS n FROM exchange_orders WHERE exchange_card_id = $1',
        [cardId],
      );
      expect(rows[0].n).toBe(3);
      const spent = await Promise.all(members.map((m) => pointsOf(t.shop, m.id)));
      expect(spent.filter((p) => p === 0)).toHaveLength(3);
      expect(await ledgerViolations(t.shop)).toEqual([]);
    } finally {
      await second.close();
    }
  });

  it('answers 401 to a guest', async () => {
    expect((await t.shop.client().get('/user/exchange_card/list')).state).toBe(401);
  });
});

describe('24-hour auto-conversion of exchanged cards', () => {
  it('converts undecided cards after 24 hours exactly once, and a later decision answers "-1"', async () => {
    const cardId = await exchangeCardWith(t.shop, { price: 1000, convert: 700 });
    const m = await buildMember(t.shop, { paidPoints: 1000 });
    const done = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: cardId, request_key: key() });
    const orderId = (done.order as { id: number }).id;
    expect(await autoConvertExchanges(t.shop.ctx)).toBe(0);
    t.shop.clock.advance(24 * 3600_000 + 1000);
    try {
      const [a, b] = await Promise.all([autoConvertExchanges(t.shop.ctx), autoConvertExchanges(t.shop.ctx)]);
      // Earlier tests' undecided orders convert too; this one once (one ledger row, checked below).
      expect(a + b).toBeGreaterThanOrEqual(1);
      expect(await autoConvertExchanges(t.shop.ctx)).toBe(0);
      expect(await pointsOf(t.shop, m.id)).toBe(700);
      const late = await m.client.post('/user/exchange_card/decision', { exchange_id: orderId, action: 'convert' });
      expect(late).toMatchObject({ state: 204, result: '-1' });
      expect(await ledgerReasons(t.shop, m.id)).toEqual(['test', 'exchange', 'exchange_auto_conversion']);
    } finally {
      t.shop.clock.advance(-(24 * 3600_000 + 1000));
    }
  });
});
