import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { YAMATO_B2_HEADER, parseCsv, type AdminShipmentLine } from '@oripa/core/admin';
import { buildMember, ledgerViolations, type TestMember } from '../factories.ts';
import { buildPack } from '../packs/pack-fixtures.ts';
import { exchangeCardWith, key } from '../perks/helpers.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { shippedDraw } from './fulfilment-fixtures.ts';
import { staffClient } from './staff-fixtures.ts';

// Exchanged cards and rank 7's reward card are shipment lines like drawn cards (ADR 0027).
const t = useShop(async () => {
  const shop = await startTestShop();
  return { shop, shipping: await staffClient(shop, 'shipping') };
});
const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);

/** Exchanges a card (points spent) and chooses to ship it; answers the order id. */
async function shippedExchange(m: TestMember, cardId: number): Promise<number> {
  const done = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: cardId, request_key: key() });
  expect(done.state).toBe(200);
  const orderId = (done.order as { id: number }).id;
  const shipped = await m.client.post('/user/exchange_card/decision', { exchange_id: orderId, action: 'ship' });
  expect(shipped).toMatchObject({ state: 200, result: '1' });
  return orderId;
}

/** A rank-7 card reward waiting for the member's choice (the rank-up that makes it is tested in ranks.test.ts). */
async function rankReward(memberId: number): Promise<number> {
  const ev = await q(
    "INSERT INTO rank_events (member_id, kind, from_rank, to_rank) VALUES ($1, 'rank_up', 6, 7) RETURNING id",
    [memberId],
  );
  // A card belongs to a paid rank-7 bonus (ADR 0035).
  await q('INSERT INTO rank_bonuses_paid (member_id, rank, rank_event_id) VALUES ($1, 7, $2)', [
    memberId,
    ev.rows[0].id,
  ]);
  const r = await q(
    'INSERT INTO rank_card_rewards (member_id, rank_event_id, point, created_at) VALUES ($1, $2, 200000, now()) RETURNING id',
    [memberId, ev.rows[0].id],
  );
  return Number(r.rows[0].id);
}

const shipmentOfOrder = async (orderId: number) =>
  Number((await q('SELECT shipment_id FROM exchange_orders WHERE id = $1', [orderId])).rows[0].shipment_id);

describe('exchanged and reward cards are shipment lines', () => {
  it('join the member’s open parcel, show in the detail, pick list and B2 file, and go in the shipped mail', async () => {
    const a = await shippedDraw(t.shop, 2);
    const cardId = await exchangeCardWith(t.shop, { price: 1000 });
    const orderId = await shippedExchange(a.member, cardId);
    expect(await shipmentOfOrder(orderId)).toBe(a.shipmentId);

    await buildPack(t.shop, { point: 100 }); // rank 7's list is the shop's S cards
    const rewardId = await rankReward(a.member.id);
    const offer = await a.member.client.get('/user/rank_reward');
    const [card] = offer.cards as { id: number; name: string }[];
    const chosen = await a.member.client.post('/user/rank_reward', {
      reward_id: rewardId,
      card_id: card!.id,
      action: 'ship',
    });
    expect(chosen).toMatchObject({ state: 200, status: 'shipping' });
    const reward = await q('SELECT shipment_id FROM rank_card_rewards WHERE id = $1', [rewardId]);
    expect(Number(reward.rows[0].shipment_id)).toBe(a.shipmentId);
    // The reward page shows the parcel the card travels in, with its timeline.
    const after = await a.member.client.get('/user/rank_reward');
    expect((after.rewards as { id: number; shipment: unknown }[]).find((r) => r.id === rewardId)).toMatchObject({
      status: 'shipping',
      shipment: { id: a.shipmentId, status: 'preparing', timeline: [expect.objectContaining({ status: 'preparing' })] },
    });

    const detail = await t.shipping.get(`/admin/shipments/${a.shipmentId}`);
    const lines = (detail.shipment as { lines: AdminShipmentLine[]; line_count: number }).lines;
    expect(lines.map((l) => l.source).sort()).toEqual(['draw', 'draw', 'exchange', 'rank_reward']);
    expect(lines.find((l) => l.source === 'exchange')).toMatchObject({
      source_id: orderId,
      history_id: null,
      ticket_no: null,
      name: '試験カード',
    });
    expect(lines.find((l) => l.source === 'rank_reward')).toMatchObject({ source_id: rewardId, rank: 'S' });
    expect((detail.shipment as { line_count: number }).line_count).toBe(4);

    const queue = await t.shipping.get(`/admin/shipments?q=${a.shipmentId}`);
    expect(queue.rows).toEqual([expect.objectContaining({ id: a.shipmentId, line_count: 4 })]);
    const pick = await t.shipping.get(`/admin/shipments/pick-list?ids=${a.shipmentId}`);
    expect((pick.shipments as { lines: unknown[] }[])[0]!.lines).toHaveLength(4);
    const csv = await t.shipping.raw(`/api/admin/shipments/export?format=yamato_b2&ids=${a.shipmentId}`);
    const [, row] = parseCsv(iconv.decode(Buffer.from(await csv.arrayBuffer()), 'cp932'));
    expect(row![YAMATO_B2_HEADER.indexOf('記事')]).toBe('カード4枚');

    // The pick list printed with 4 cards packs; shipping mails the member with every card named.
    const packed = await t.shipping.post('/admin/shipments/move', {
      ids: [a.shipmentId],
      to: 'packed',
      expected_lines: { [a.shipmentId]: 4 },
    });
    expect(packed.state).toBe(200);
    const shipped = await t.shipping.post('/admin/shipments/move', {
      ids: [a.shipmentId],
      to: 'shipped',
      carrier: 'yamato',
      tracking_number: '400011113331',
    });
    expect(shipped.state).toBe(200);
    const mail = await q("SELECT body FROM outbox_messages WHERE recipient = $1 AND kind = 'shipment_sent'", [
      a.member.mail,
    ]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].body).toContain('試験カード');
    expect(mail.rows[0].body).toContain(card!.name);
    expect(await ledgerViolations(t.shop)).toEqual([]);
  });

  it('a card chosen after the parcel was packed opens a new parcel; packing a parcel that gained one is refused', async () => {
    const m = await buildMember(t.shop, { paidPoints: 5_000, address: true });
    const cardId = await exchangeCardWith(t.shop, { price: 500 });
    const first = await shippedExchange(m, cardId);
    const parcel = await shipmentOfOrder(first);
    // The pick list showed 1 card; a second exchange joins before packing: packing with the old count is refused.
    const second = await shippedExchange(m, cardId);
    expect(await shipmentOfOrder(second)).toBe(parcel);
    const stale = await t.shipping.post('/admin/shipments/move', {
      ids: [parcel],
      to: 'packed',
      expected_lines: { [parcel]: 1 },
    });
    expect(stale.state).toBe(409);
    expect(
      (
        await t.shipping.post('/admin/shipments/move', {
          ids: [parcel],
          to: 'packed',
          expected_lines: { [parcel]: 2 },
        })
      ).state,
    ).toBe(200);
    const third = await shippedExchange(m, cardId);
    const next = await shipmentOfOrder(third);
    expect(next).not.toBe(parcel);
    const opened = await q('SELECT purchase_id, status FROM shipments WHERE id = $1', [next]);
    expect(opened.rows[0]).toEqual({ purchase_id: null, status: 'preparing' });
    const events = await q('SELECT to_status FROM shipment_events WHERE shipment_id = $1', [next]);
    expect(events.rows.map((r) => r.to_status)).toEqual(['preparing']);
  });

  it('three exchanged cards shipped at once open one parcel, which a later drawn card joins', async () => {
    const m = await buildMember(t.shop, { paidPoints: 10_000, address: true });
    const cardId = await exchangeCardWith(t.shop, { price: 500 });
    const orders: number[] = [];
    for (let i = 0; i < 3; i++) {
      const done = await m.client.post('/user/exchange_card/exchange', {
        exchange_card_id: cardId,
        request_key: key(),
      });
      orders.push((done.order as { id: number }).id);
    }
    const replies = await Promise.all(
      orders.map((id) => m.client.post('/user/exchange_card/decision', { exchange_id: id, action: 'ship' })),
    );
    expect(replies.map((r) => r.state)).toEqual([200, 200, 200]);
    const parcels = await q('SELECT DISTINCT shipment_id FROM exchange_orders WHERE id = ANY($1::bigint[])', [orders]);
    expect(parcels.rows).toHaveLength(1);
    const drawn = await shippedDraw(t.shop, 1, m);
    expect(drawn.shipmentId).toBe(Number(parcels.rows[0].shipment_id));
  });

  it('a member without an address: the exchange answers "0" and the reward is refused, no parcel opened', async () => {
    const m = await buildMember(t.shop, { paidPoints: 2_000 });
    const cardId = await exchangeCardWith(t.shop);
    const done = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: cardId, request_key: key() });
    const orderId = (done.order as { id: number }).id;
    const ship = await m.client.post('/user/exchange_card/decision', { exchange_id: orderId, action: 'ship' });
    expect(ship).toMatchObject({ state: 204, result: '0' });
    await buildPack(t.shop, { point: 100 });
    const rewardId = await rankReward(m.id);
    const offer = await m.client.get('/user/rank_reward');
    const [card] = offer.cards as { id: number }[];
    const refused = await m.client.post('/user/rank_reward', {
      reward_id: rewardId,
      card_id: card!.id,
      action: 'ship',
    });
    expect(refused).toMatchObject({ state: 400, reason: 'no_address' });
    const parcels = await q('SELECT count(*)::int AS n FROM shipments WHERE member_id = $1', [m.id]);
    expect(parcels.rows[0].n).toBe(0);
  });
});

describe('exchanged cards in the member’s history', () => {
  it('list them labelled with their decision, and the detail shows the card and the parcel’s timeline', async () => {
    const m = await buildMember(t.shop, { paidPoints: 5_000, address: true });
    const cardId = await exchangeCardWith(t.shop, { price: 700, convert: 400 });
    const shippedId = await shippedExchange(m, cardId);
    const undecided = await m.client.post('/user/exchange_card/exchange', {
      exchange_card_id: cardId,
      request_key: key(),
    });
    const openId = (undecided.order as { id: number }).id;

    const all = await m.client.post('/user/history/list/1', { mode: '0' });
    const rows = all.list as { kind: string; id: number; status: string; send_state: string; point: number }[];
    expect(rows.map((r) => [r.kind, r.id, r.status])).toEqual([
      ['exchange', openId, '0'],
      ['exchange', shippedId, '1'],
    ]);
    expect(rows[1]).toMatchObject({ pack_name: '試験カード', point: 700, send_state: '発送準備中', send_card: 1 });
    const toChoose = await m.client.post('/user/history/list/1', { mode: '2' });
    expect((toChoose.list as { id: number }[]).map((r) => r.id)).toEqual([openId]);

    const parcel = await shipmentOfOrder(shippedId);
    await t.shipping.post('/admin/shipments/move', { ids: [parcel], to: 'packed' });
    const detail = await m.client.get(`/user/history/exchange/${shippedId}`);
    expect(detail.state).toBe(200);
    const d = detail.detail as { exchange_card: { name: string }; shipment: { status: string; timeline: unknown[] } };
    expect(d.exchange_card.name).toBe('試験カード');
    expect(d.shipment.status).toBe('packed');
    expect((d.shipment.timeline as { status: string }[]).map((x) => x.status)).toEqual(['preparing', 'packed']);
    // Another member's exchange, and a purchase id asked as an exchange, are not found.
    const other = await buildMember(t.shop);
    expect((await other.client.get(`/user/history/exchange/${shippedId}`)).state).toBe(404);
    expect((await m.client.get(`/user/history/detail/${shippedId}`)).state).toBe(404);
  });
});
