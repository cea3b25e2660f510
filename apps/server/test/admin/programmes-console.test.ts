import { describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { key, sandboxPartner } from '../perks/helpers.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { staffClient, type StaffClient } from './staff-fixtures.ts';

// The console's programme pages (issue 11): exchange catalogue and orders, partner sites, SNS campaigns.
const t = useShop(async () => {
  const shop = await startTestShop();
  return {
    shop,
    operator: await staffClient(shop, 'operator'),
    operatorEn: await staffClient(shop, 'operator', 'en'),
    support: await staffClient(shop, 'support'),
    shipping: await staffClient(shop, 'shipping'),
  };
});
const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const audits = async (action: string) =>
  Number((await q('SELECT count(*) AS n FROM audit_log WHERE action = $1', [action])).rows[0].n);

const card = (o: Record<string, unknown> = {}) => ({
  name_ja: '交換テスト',
  name_en: 'Exchange test',
  image_url: '/demo/cards/ds-a1.svg',
  rarity: '2',
  model_number: 'EX-9',
  price: '1000',
  convert_point: '600',
  no_reduction: '0',
  stock_total: '3',
  sort: '0',
  ...o,
});

async function createCard(c: StaffClient, o: Record<string, unknown> = {}): Promise<number> {
  const r = await c.post('/admin/programmes/exchange-cards', card(o));
  expect(r.state).toBe(200);
  return r.id as number;
}
const cardRow = async (id: number) => (await q('SELECT * FROM exchange_cards WHERE id = $1', [id])).rows[0];

describe('exchange catalogue', () => {
  it('creates a card members can take, edits its stock by the change of the total, closes it; all audited', async () => {
    const id = await createCard(t.operator);
    expect(await audits('exchange_card.create')).toBeGreaterThanOrEqual(1);
    const m = await buildMember(t.shop, { paidPoints: 5_000 });
    const list = await m.client.get('/user/exchange_card/list');
    expect(list.list).toContainEqual(expect.objectContaining({ id, point: 1000, stock_left: 3 }));
    const took = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: id, request_key: key() });
    expect(took.state).toBe(200);

    // One was taken: a total of 5 leaves 4; a total of 0 (below the 1 taken) is refused and changes nothing.
    expect((await t.operator.post(`/admin/programmes/exchange-cards/${id}`, card({ stock_total: '5' }))).state).toBe(
      200,
    );
    expect(await cardRow(id)).toMatchObject({ stock_total: 5, stock_left: 4 });
    const below = await t.operator.post(`/admin/programmes/exchange-cards/${id}`, card({ stock_total: '0' }));
    expect(below).toMatchObject({ state: 400, reason: 'stock_below_taken' });
    expect((below.errors as Record<string, string[]>).stock_total![0]).toContain('1枚');
    expect(await cardRow(id)).toMatchObject({ stock_total: 5, stock_left: 4 });

    const rows = (await t.support.get('/admin/programmes/exchange-cards')).rows as { id: number; orders: number }[];
    expect(rows.find((r) => r.id === id)).toMatchObject({ orders: 1 });

    expect((await t.operator.post(`/admin/programmes/exchange-cards/${id}/close`, {})).state).toBe(200);
    expect(await audits('exchange_card.close')).toBe(1);
    const closed = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: id, request_key: key() });
    expect(closed.state).toBe(400);
    expect(((await m.client.get('/user/exchange_card/list')).list as { id: number }[]).map((c) => c.id)).not.toContain(
      id,
    );
    expect((await t.operator.post(`/admin/programmes/exchange-cards/${id}/open`, {})).state).toBe(200);
    expect((await cardRow(id)).active).toBe(true);
  });

  it('an edit racing members for the last cards never leaves the stock below zero or above the total', async () => {
    const id = await createCard(t.operator, { stock_total: '4' });
    const members = await Promise.all(Array.from({ length: 6 }, () => buildMember(t.shop, { paidPoints: 2_000 })));
    const [edit, ...takes] = await Promise.all([
      t.operator.post(`/admin/programmes/exchange-cards/${id}`, card({ stock_total: '2' })),
      ...members.map((m) =>
        m.client.post('/user/exchange_card/exchange', { exchange_card_id: id, request_key: key() }),
      ),
    ]);
    const taken = takes.filter((r) => r.state === 200).length;
    const row = await cardRow(id);
    const orders = Number(
      (await q('SELECT count(*) AS n FROM exchange_orders WHERE exchange_card_id = $1', [id])).rows[0].n,
    );
    expect(orders).toBe(taken);
    // Whatever the order: what is left plus what was taken is the total.
    expect(row.stock_left + taken).toBe(row.stock_total);
    expect(row.stock_left).toBeGreaterThanOrEqual(0);
    if (edit!.state === 200) expect(row.stock_total).toBe(2);
    else expect(edit).toMatchObject({ state: 400, reason: 'stock_below_taken' });
  });

  it('refuses bad input with messages in the staff member’s language and writes nothing', async () => {
    const before = await audits('exchange_card.create');
    const ja = await t.operator.post(
      '/admin/programmes/exchange-cards',
      card({ price: '0', convert_point: '2000', image_url: 'https://evil.example/x.png', name_ja: '' }),
    );
    expect(ja.state).toBe(400);
    const e = ja.errors as Record<string, string[]>;
    expect(Object.keys(e).sort()).toEqual(['convert_point', 'image_url', 'name_ja', 'price']);
    expect(e.price![0]).toContain('1〜10000000');
    const en = await t.operatorEn.post('/admin/programmes/exchange-cards', card({ convert_point: '1200' }));
    expect(en.state).toBe(400);
    expect((en.errors as Record<string, string[]>).convert_point![0]).toBe(
      'The conversion points may not exceed the exchange price (1000 P)',
    );
    const stock = await t.operator.post('/admin/programmes/exchange-cards', card({ stock_total: '-1' }));
    expect(stock.state).toBe(400);
    expect(await audits('exchange_card.create')).toBe(before);
    expect((await t.operator.post('/admin/programmes/exchange-cards/999999999', card())).state).toBe(404);
  });
});

describe('exchange orders', () => {
  it('lists members’ orders with status and card, filters by status and member; bad filters refused', async () => {
    const id = await createCard(t.operator, { name_ja: '注文一覧カード' });
    const m = await buildMember(t.shop, { paidPoints: 5_000 });
    const a = await m.client.post('/user/exchange_card/exchange', { exchange_card_id: id, request_key: key() });
    const orderId = (a.order as { id: number }).id;
    await m.client.post('/user/exchange_card/decision', { exchange_id: orderId, action: 'convert' });
    await m.client.post('/user/exchange_card/exchange', { exchange_card_id: id, request_key: key() });

    const all = await t.support.get(`/admin/programmes/exchange-orders?q=${m.id}`);
    expect(all).toMatchObject({ state: 200, total: 2 });
    const converted = await t.support.get(`/admin/programmes/exchange-orders?q=${m.id}&status=convert`);
    expect(converted.rows).toEqual([
      expect.objectContaining({ id: orderId, card_name: '注文一覧カード', status: 'convert', returned_point: 600 }),
    ]);
    expect((await t.support.get('/admin/programmes/exchange-orders?status=lost')).state).toBe(400);
    expect((await t.support.get('/admin/programmes/exchange-orders?per_page=5000')).state).toBe(400);
    // Support reads; only programmes.write changes settings; shipping sees none of it.
    expect((await t.support.post(`/admin/programmes/exchange-cards/${id}/close`, {})).state).toBe(403);
    expect((await t.shipping.get('/admin/programmes/exchange-orders')).state).toBe(403);
  });
});

describe('partner sites', () => {
  it('lists sites with links and transfers; disabling hides the site from members; audited', async () => {
    const p = await sandboxPartner(t.shop);
    const rows = (await t.operator.get('/admin/programmes/partner-sites')).rows as { id: number; active: boolean }[];
    expect(rows.find((r) => r.id === p.siteId)).toMatchObject({ active: true, links: 0, transfers_done: 0 });
    const m = await buildMember(t.shop);
    const before = await m.client.get('/user/transfer/point');
    expect(JSON.stringify(before)).toContain(String(p.siteId));

    expect((await t.operator.post(`/admin/programmes/partner-sites/${p.siteId}/disable`, {})).state).toBe(200);
    expect(await audits('partner_site.disable')).toBeGreaterThanOrEqual(1);
    const after = (await t.operator.get('/admin/programmes/partner-sites')).rows as { id: number; active: boolean }[];
    expect(after.find((r) => r.id === p.siteId)!.active).toBe(false);
    const login = await m.client.post('/user/transfer/login', {
      site_id: p.siteId,
      loginid: p.loginid,
      password: p.password,
    });
    expect(login.state).toBe(400);
    expect((await t.operator.post(`/admin/programmes/partner-sites/${p.siteId}/enable`, {})).state).toBe(200);
    expect((await t.operator.post('/admin/programmes/partner-sites/999999999/enable', {})).state).toBe(404);
  });
});

describe('SNS campaigns', () => {
  it('creates a campaign members can claim, shows its claims, edits its window; a code taken in any case is refused', async () => {
    const code = `FOLLOW${Date.now().toString(36).toUpperCase()}`;
    const body = { code, point: '300', follow_url: 'https://x.com/example', starts_at: '', ends_at: '', active: '1' };
    expect((await t.operator.post('/admin/programmes/sns-campaigns', body)).state).toBe(200);
    const again = await t.operator.post('/admin/programmes/sns-campaigns', { ...body, code: code.toLowerCase() });
    expect(again).toMatchObject({ state: 409, reason: 'code_taken' });

    const m = await buildMember(t.shop);
    expect((await m.client.post('/user/sns_campaign/claim', { code })).state).toBe(200);
    const rows = (await t.support.get('/admin/programmes/sns-campaigns')).rows as { code: string }[];
    expect(rows.find((r) => r.code === code)).toMatchObject({ claims: 1, points_granted: 300, point: 300 });

    // Ended yesterday: a new member's claim is refused.
    const ended = await t.operator.post(`/admin/programmes/sns-campaigns/${code}`, {
      ...body,
      starts_at: '2020-01-01 00:00',
      ends_at: '2020-01-02 00:00',
    });
    expect(ended.state).toBe(200);
    expect(await audits('sns_campaign.update')).toBeGreaterThanOrEqual(1);
    const late = await buildMember(t.shop);
    expect((await late.client.post('/user/sns_campaign/claim', { code })).state).toBe(400);
  });

  it('refuses a bad code, no reward, a non-https address and an end before the start, in ja and en', async () => {
    const bad = {
      code: 'a b',
      point: '0',
      follow_url: 'javascript:alert(1)',
      starts_at: '2027-01-02 00:00',
      ends_at: '2027-01-01 00:00',
    };
    const ja = await t.operator.post('/admin/programmes/sns-campaigns', bad);
    expect(ja.state).toBe(400);
    expect(Object.keys(ja.errors as object).sort()).toEqual(['code', 'ends_at', 'follow_url', 'point']);
    const en = await t.operatorEn.post('/admin/programmes/sns-campaigns', { ...bad, code: 'GOOD1', point: '10' });
    expect((en.errors as Record<string, string[]>).follow_url![0]).toBe('The follow address must start with https://');
    const window = await t.operatorEn.post('/admin/programmes/sns-campaigns', {
      ...bad,
      code: 'GOOD1',
      point: '10',
      follow_url: 'https://x.com/a',
    });
    expect(Object.keys(window.errors as object)).toEqual(['ends_at']);
    expect((await q("SELECT count(*)::int AS n FROM sns_campaigns WHERE code = 'GOOD1'")).rows[0].n).toBe(0);
  });
});
