import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { YAMATO_B2_HEADER, CLICK_POST_HEADER, parseCsv } from '@oripa/core/admin';
import type { DrawnCard } from '@oripa/core';
import { buildMember } from '../factories.ts';
import { buildPack, drawVia } from '../packs/pack-fixtures.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { shippedDraw } from './fulfilment-fixtures.ts';
import { staffClient, type StaffClient } from './staff-fixtures.ts';

const t = useShop(async () => {
  const shop = await startTestShop();
  return { shop, shipping: await staffClient(shop, 'shipping'), support: await staffClient(shop, 'support') };
});
const q = (sql: string, params: unknown[] = []) => t.shop.ctx.db.pool.query(sql, params);
const shipmentRow = async (id: number) => (await q('SELECT * FROM shipments WHERE id = $1', [id])).rows[0];
const auditCount = async (action: string) =>
  Number((await q('SELECT count(*) AS n FROM audit_log WHERE action = $1', [action])).rows[0].n);
const b64 = (text: string, enc = 'utf8') =>
  (enc === 'sjis' ? iconv.encode(text, 'Shift_JIS') : Buffer.from(text)).toString('base64');
const move = (c: StaffClient, ids: number[], to: string, extra: Record<string, unknown> = {}) =>
  c.post('/admin/shipments/move', { ids, to, ...extra });

describe('shipments: one per member and address', () => {
  it("groups two purchases' shipped cards into one parcel until it is packed, then opens a new one", async () => {
    const first = await shippedDraw(t.shop, 2);
    const second = await shippedDraw(t.shop, 3, first.member);
    expect(second.shipmentId).toBe(first.shipmentId);
    const lines = await q('SELECT count(*)::int AS n FROM purchase_cards WHERE shipment_id = $1', [first.shipmentId]);
    expect(lines.rows[0].n).toBe(5);

    const packed = await move(t.shipping, [first.shipmentId], 'packed', {
      expected_lines: { [first.shipmentId]: 5 },
    });
    expect(packed).toMatchObject({ state: 200, moved: 1 });
    const third = await shippedDraw(t.shop, 1, first.member);
    expect(third.shipmentId).not.toBe(first.shipmentId);
  });

  it('opens one parcel when two decisions of one member to one address run at once', async () => {
    const m = await buildMember(t.shop, { paidPoints: 10_000, address: true });
    const bought = [];
    for (let i = 0; i < 2; i++) {
      const { buy } = await drawVia(m.client, await buildPack(t.shop), 2);
      bought.push((buy!.cards as DrawnCard[]).map((c) => c.history_id));
    }
    const replies = await Promise.all(
      bought.map((ids) => m.client.post('/user/pack/decision', { send_card: ids, reduction_card: [] })),
    );
    expect(replies.map((r) => r.state)).toEqual([200, 200]);
    const parcels = await q('SELECT DISTINCT shipment_id FROM purchase_cards WHERE id = ANY($1::bigint[])', [
      bought.flat(),
    ]);
    expect(parcels.rows).toHaveLength(1);
  });

  it('refuses to mark packed a shipment that gained cards since the pick list was printed', async () => {
    const a = await shippedDraw(t.shop, 2);
    await shippedDraw(t.shop, 1, a.member);
    const res = await move(t.shipping, [a.shipmentId], 'packed', { expected_lines: { [a.shipmentId]: 2 } });
    expect(res.state).toBe(409);
    expect((await shipmentRow(a.shipmentId)).status).toBe('preparing');
  });
});

describe('the queue and its permissions', () => {
  it('lists shipments by status for shipping staff; support gets 403', async () => {
    const { shipmentId } = await shippedDraw(t.shop, 1);
    const list = await t.shipping.get('/admin/shipments?status=preparing&per_page=100');
    expect(list.state).toBe(200);
    const row = (list.rows as { id: number; status: string; line_count: number }[]).find((r) => r.id === shipmentId);
    expect(row).toMatchObject({ status: 'preparing', line_count: 1, recipient: '試験 太郎', zipcode: '1000001' });
    expect((list.counts as Record<string, number>).preparing).toBeGreaterThan(0);
    expect((await t.support.get('/admin/shipments')).state).toBe(403);
    expect((await move(t.support, [shipmentId], 'packed')).state).toBe(403);
    expect((await shipmentRow(shipmentId)).status).toBe('preparing');
  });

  it('shows one shipment with its cards, and the pick list of a status', async () => {
    const { shipmentId, cards } = await shippedDraw(t.shop, 2);
    const detail = await t.shipping.get(`/admin/shipments/${shipmentId}`);
    expect(detail.state).toBe(200);
    const s = detail.shipment as { lines: { history_id: number }[] };
    expect(s.lines.map((l) => l.history_id).sort()).toEqual(cards.map((c) => c.history_id).sort());
    expect(detail.events).toEqual([expect.objectContaining({ from_status: null, to_status: 'preparing' })]);
    const pick = await t.shipping.get(`/admin/shipments/pick-list?ids=${shipmentId}`);
    expect((pick.shipments as unknown[]).length).toBe(1);
    expect((await t.shipping.get('/admin/shipments/999999999')).state).toBe(404);
  });

  it('names the cards and the pack in the console language, a card without an English name in Japanese', async () => {
    // A pack of two tickets, one card with an English name and one without: a draw of 2 ships both.
    const card = { imageUrl: '/demo/cards/t-s.webp', setCount: 1, buyPoint: 500 } as const;
    const packId = await buildPack(t.shop, {
      nameJa: '星空パック',
      nameEn: 'Starry pack',
      cards: [
        { ...card, rank: 'S', name: '星の竜', nameEn: 'Star Dragon' },
        { ...card, rank: 'A', name: '苔の精' },
      ],
    });
    const { shipmentId } = await shippedDraw(t.shop, 2, undefined, packId);
    type Detail = { lines: { name: string; pack_name: string }[] };
    const names = async (c: StaffClient) =>
      new Set(((await c.get(`/admin/shipments/${shipmentId}`)).shipment as Detail).lines.map((l) => l.name));
    expect(await names(t.shipping)).toEqual(new Set(['星の竜', '苔の精']));
    const english = await staffClient(t.shop, 'shipping', 'en');
    expect(await names(english)).toEqual(new Set(['Star Dragon', '苔の精']));
    const pick = await english.get(`/admin/shipments/pick-list?ids=${shipmentId}`);
    expect((pick.shipments as Detail[])[0]!.lines[0]!.pack_name).toBe('Starry pack');
  });
});

describe('carrier files', () => {
  it('exports a Shift_JIS B2 Cloud file with the 42 columns and our shipment id, and a click post file', async () => {
    const { shipmentId } = await shippedDraw(t.shop, 2);
    const res = await t.shipping.raw(
      `/api/admin/shipments/export?format=yamato_b2&service=compact&customer_code=012345678901&ids=${shipmentId}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('Shift_JIS');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="yamato_b2_\d{12}\.csv"/);
    const bytes = Buffer.from(await res.arrayBuffer());
    // Shift_JIS, not UTF-8: 「お」 is 0x82 0xA8.
    expect(bytes.subarray(0, 2)).toEqual(Buffer.from([0x82, 0xa8]));
    const text = iconv.decode(bytes, 'Shift_JIS');
    expect(text).toContain('\r\n');
    const [header, row] = parseCsv(text);
    expect(header).toEqual([...YAMATO_B2_HEADER]);
    expect(row![0]).toBe(String(shipmentId));
    expect(row![YAMATO_B2_HEADER.indexOf('お届け先住所')]).toBe('東京都千代田区千代田1-1');
    expect(row![YAMATO_B2_HEADER.indexOf('請求先顧客コード')]).toBe('012345678901');
    expect(row![YAMATO_B2_HEADER.indexOf('記事')]).toBe('カード2枚');
    // CP932's extensions survive (a name with 髙, a building with ①), as Windows and B2 Cloud read them.
    await q(`UPDATE shipments SET address = address || '{"name": "髙橋 花子", "building": "コーポ①"}' WHERE id = $1`, [
      shipmentId,
    ]);
    const again = await t.shipping.raw(`/api/admin/shipments/export?format=yamato_b2&ids=${shipmentId}`);
    const [, named] = parseCsv(iconv.decode(Buffer.from(await again.arrayBuffer()), 'cp932'));
    expect(named![YAMATO_B2_HEADER.indexOf('お届け先名')]).toBe('髙橋 花子');
    expect(named![YAMATO_B2_HEADER.indexOf('お届け先アパートマンション名')]).toBe('コーポ①');

    const cp = await t.shipping.raw(`/api/admin/shipments/export?format=click_post&ids=${shipmentId}`);
    const [cpHeader, cpRow] = parseCsv(iconv.decode(Buffer.from(await cp.arrayBuffer()), 'Shift_JIS'));
    expect(cpHeader).toEqual([...CLICK_POST_HEADER]);
    expect(cpRow!.slice(0, 4)).toEqual(['1000001', '髙橋 花子', '様', '東京都千代田区']);
  });

  // Issue 21 §2: a member saved these through the storefront before it refused them; both came out raw.
  it('defuses cells a spreadsheet would run as formulas, keeping the columns the carrier reads', async () => {
    const { shipmentId } = await shippedDraw(t.shop, 1);
    await q(
      `UPDATE shipments SET address = address || jsonb_build_object('name', '@SUM(1+1)', 'building', $2::text,
         'address', '-1-2 千代田', 'shiku', E'\\t+HYPERLINK(1)') WHERE id = $1`,
      [shipmentId, "=cmd|' /C calc'!A0"],
    );
    const csv = async (format: string) => {
      const res = await t.shipping.raw(`/api/admin/shipments/export?format=${format}&ids=${shipmentId}`);
      return parseCsv(iconv.decode(Buffer.from(await res.arrayBuffer()), 'cp932'))[1]!;
    };
    const b2 = await csv('yamato_b2');
    const at = (name: string) => b2[YAMATO_B2_HEADER.indexOf(name as never)];
    expect(at('お届け先名')).toBe("'@SUM(1+1)");
    expect(at('お届け先アパートマンション名')).toBe("'=cmd|' /C calc'!A0");
    // The upload's own columns are untouched: id, phone, postal code, date.
    expect(at('お客様管理番号')).toBe(String(shipmentId));
    expect(at('お届け先電話番号')).toBe('090-0000-0000');
    expect(at('お届け先郵便番号')).toBe('100-0001');
    expect(at('出荷予定日')).toMatch(/^\d{4}\/\d{2}\/\d{2}$/);
    const cp = await csv('click_post');
    expect(cp.slice(0, 6)).toEqual([
      '1000001',
      "'@SUM(1+1)",
      '様',
      '東京都\t+HYPERLINK(1)',
      "'-1-2 千代田",
      "'=cmd|' /C calc'!A0",
    ]);
    for (const cell of [...b2, ...cp]) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('refuses an export naming nothing or an unknown format', async () => {
    expect((await t.shipping.get('/admin/shipments/export?format=yamato_b2')).state).toBe(400);
    expect((await t.shipping.get('/admin/shipments/export?format=fax&status=preparing')).state).toBe(400);
  });
});

describe('tracking numbers', () => {
  it('imports a Shift_JIS B2 Cloud file, then ships: mail queued, timeline and link on the member history', async () => {
    const a = await shippedDraw(t.shop, 2);
    const b = await shippedDraw(t.shop, 1);
    const file = `お客様管理番号,伝票番号,お届け先名\r\n${a.shipmentId},4000-1111-2222,試験\r\n${b.shipmentId},400011112233,試験\r\n`;
    const imported = await t.shipping.post('/admin/shipments/tracking-import', { file: b64(file, 'sjis') });
    expect(imported).toMatchObject({ state: 200, imported: 2 });
    expect(await shipmentRow(a.shipmentId)).toMatchObject({ carrier: 'yamato', delivery_code: '400011112222' });

    // Straight from preparing to shipped is not a move the flow allows.
    const early = await move(t.shipping, [a.shipmentId], 'shipped');
    expect(early.state).toBe(400);
    expect(await auditCount('shipment.shipped')).toBe(0);

    expect((await move(t.shipping, [a.shipmentId, b.shipmentId], 'packed')).state).toBe(200);
    const shipped = await move(t.shipping, [a.shipmentId, b.shipmentId], 'shipped');
    expect(shipped).toMatchObject({ state: 200, moved: 2 });
    expect(await auditCount('shipment.shipped')).toBe(1);

    const mails = await q(
      "SELECT recipient, subject, body FROM outbox_messages WHERE recipient = $1 AND kind = 'shipment_sent'",
      [a.member.mail],
    );
    expect(mails.rows).toHaveLength(1);
    expect(mails.rows[0].body).toContain('400011112222');

    const detail = await a.member.client.get(`/user/history/detail/${a.purchaseId}`);
    expect(detail.state).toBe(200);
    const d = detail.detail as Record<string, unknown> & { shipment: Record<string, unknown> };
    expect(d).toMatchObject({ send_state: '発送済み', delivery_code: '400011112222' });
    expect(d.shipment).toMatchObject({
      status: 'shipped',
      carrier: 'yamato',
      tracking_number: '400011112222',
      tracking_url: 'https://toi.kuronekoyamato.co.jp/cgi-bin/tneko?number00=1&number01=400011112222',
    });
    expect((d.shipment.timeline as { status: string }[]).map((s) => s.status)).toEqual([
      'preparing',
      'packed',
      'shipped',
    ]);
  });

  it('refuses bad files with a message per line and changes nothing', async () => {
    const a = await shippedDraw(t.shop, 1);
    const b = await shippedDraw(t.shop, 1);
    const taken = await shippedDraw(t.shop, 1);
    expect(
      (
        await t.shipping.post('/admin/shipments/tracking', {
          id: taken.shipmentId,
          carrier: 'yamato',
          tracking_number: '500000000010',
        })
      ).state,
    ).toBe(200);
    const before = await q('SELECT id, carrier, delivery_code FROM shipments ORDER BY id');
    const audited = await auditCount('shipment.tracking_import');
    const head = 'お客様管理番号,伝票番号\n';
    const cases: [string, RegExp][] = [
      ['番号,追跡\n1,500000000021\n', /列が正しくありません/],
      [`${head}${a.shipmentId},500000000032\n999999999,500000000043\n`, /3行目: 発送番号999999999が見つかりません/],
      [
        `${head}${a.shipmentId},500000000065\n${b.shipmentId},5000-0000-0065\n`,
        /3行目: 伝票番号が2行目と重複しています/,
      ],
      [
        `${head}${a.shipmentId},500000000010\n`,
        new RegExp(`2行目: 伝票番号は既に発送番号${taken.shipmentId}で使われています`),
      ],
      [`${head}${a.shipmentId},12\n`, /2行目: 伝票番号の形式が配送業者と合いません/],
      [`${head}${a.shipmentId},500000000033\n`, /2行目: 伝票番号の最後の桁（チェックデジット）が合いません/],
      [head, /データ行がありません/],
    ];
    for (const [file, message] of cases) {
      const res = await t.shipping.post('/admin/shipments/tracking-import', { file: b64(file) });
      expect(res.state, file).toBe(400);
      expect((res.errors as Record<string, string[]>).csv!.join('\n')).toMatch(message);
    }
    const bytes = Buffer.from([0x82, 0xa8, 0xff, 0xfe, 0x2c, 0x0a]);
    const garbled = await t.shipping.post('/admin/shipments/tracking-import', { file: bytes.toString('base64') });
    expect(garbled.state).toBe(400);
    expect(await q('SELECT id, carrier, delivery_code FROM shipments ORDER BY id')).toMatchObject({
      rows: before.rows,
    });
    expect(await auditCount('shipment.tracking_import')).toBe(audited);
  });

  it('lists every problem of a file at once, those of the file and those only the database knows, in line order', async () => {
    const a = await shippedDraw(t.shop, 1);
    const b = await shippedDraw(t.shop, 1);
    const file = [
      'お客様管理番号,配送業者,伝票番号',
      `${a.shipmentId},ヤマト運輸,500000000032`,
      '999999999,ヤマト運輸,500000000043',
      `${b.shipmentId},ヤマト運輸,1234-5678-9012`,
      `x,飛脚便,12`,
      '',
    ].join('\r\n');
    const res = await t.shipping.post('/admin/shipments/tracking-import', { file: b64(file, 'sjis') });
    expect(res.state).toBe(400);
    expect((res.errors as Record<string, string[]>).csv).toEqual([
      '3行目: 発送番号999999999が見つかりません',
      '4行目: 伝票番号の最後の桁（チェックデジット）が合いません。打ち間違いがないか確認してください',
      '5行目: 発送番号が数字ではありません',
      '5行目: 配送業者が分かりません（ヤマト運輸・日本郵便・佐川急便）',
    ]);
    expect((await shipmentRow(a.shipmentId)).delivery_code).toBe('');
  });

  it('single entry: records carrier and number with the move to shipped, in English for an English member', async () => {
    const a = await shippedDraw(t.shop, 1);
    await q("UPDATE members SET lang = 'en' WHERE id = $1", [a.member.id]);
    await move(t.shipping, [a.shipmentId], 'packed');
    const bad = await move(t.shipping, [a.shipmentId], 'shipped', { carrier: 'japanpost', tracking_number: 'abc' });
    expect(bad.state).toBe(400);
    expect((await shipmentRow(a.shipmentId)).status).toBe('packed');
    const typo = await move(t.shipping, [a.shipmentId], 'shipped', {
      carrier: 'japanpost',
      tracking_number: '1234-5678-9012',
    });
    expect(typo).toMatchObject({
      state: 400,
      errors: { tracking_number: [expect.stringMatching(/チェックデジット/)] },
    });
    const ok = await move(t.shipping, [a.shipmentId], 'shipped', {
      carrier: 'japanpost',
      tracking_number: '１２３４ ５６７８ ９０１３',
    });
    expect(ok.state).toBe(200);
    expect(await shipmentRow(a.shipmentId)).toMatchObject({
      status: 'shipped',
      carrier: 'japanpost',
      delivery_code: '123456789013',
    });
    const mail = await q("SELECT subject FROM outbox_messages WHERE recipient = $1 AND kind = 'shipment_sent'", [
      a.member.mail,
    ]);
    expect(mail.rows).toHaveLength(1);
    expect(mail.rows[0].subject).toContain('Your cards have been shipped');
    // A shipped parcel can come back (返送) and be prepared again; nothing else.
    expect((await move(t.shipping, [a.shipmentId], 'packed')).state).toBe(400);
    expect((await move(t.shipping, [a.shipmentId], 'returned')).state).toBe(200);
  });
});
