import { zipSync } from 'fflate';
import iconv from 'iconv-lite';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ApiClient, Envelope } from '../api-client.ts';
import { startTestShop, useShop } from '../test-shop.ts';
import { pngBytes } from './catalogue-fixtures.ts';
import { staffClient } from './staff-fixtures.ts';

const t = useShop(async () => ({
  shop: await startTestShop({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'oripa-import-')) }),
}));

const HEADER = 'model_number,name_ja,name_en,rarity,card_type,buy_point,no_reduction,image_url';
const count = async (sql: string, values: unknown[] = []) =>
  Number((await t.shop.ctx.db.pool.query(sql, values)).rows[0].n);
const cardCount = () => count('SELECT count(*) AS n FROM cards');
const auditCount = (action: string) => count('SELECT count(*) AS n FROM audit_log WHERE action = $1', [action]);

async function cardType(): Promise<number> {
  await t.shop.ctx.db.pool.query(
    "INSERT INTO card_types (id, name_ja, name_en, sort) VALUES (77, '星霊譚', 'Starlore Tales', 9) ON CONFLICT DO NOTHING",
  );
  return 77;
}

/** A multipart POST to /api/admin/<path> with the client's CSRF pair, a `csv` file, `file` files and fields. */
async function multipart(
  client: ApiClient,
  url: string,
  parts: { csv?: string | Buffer; files?: { name: string; bytes: Buffer | Uint8Array }[]; fields?: object | string },
  opts: { csrf?: boolean } = {},
): Promise<Envelope> {
  if (!client.csrf) await client.get('/user/point');
  const form = new FormData();
  if (opts.csrf !== false) {
    form.set('csrf_name', client.csrf!.csrf_name);
    form.set('csrf_value', client.csrf!.csrf_value);
  }
  if (parts.fields) form.set('json', typeof parts.fields === 'string' ? parts.fields : JSON.stringify(parts.fields));
  if (parts.csv !== undefined) form.set('csv', new Blob([parts.csv], { type: 'text/csv' }), 'cards.csv');
  for (const f of parts.files ?? []) form.append('file', new Blob([f.bytes]), f.name);
  const res = await client.raw(`/api/admin${url}`, { method: 'POST', body: form });
  const body = (await res.json()) as Envelope;
  if (body.csrf) client.csrf = body.csrf;
  return body;
}

type Preview = {
  rows: { model_number: string; name_ja: string; status: string; picture: string | null }[];
  problems: { line: number | null; column: string | null; message: string; warning: boolean }[];
  importable: boolean;
};

describe('bulk card registration (POST /api/admin/cards/import…)', () => {
  it('previews every problem without writing, stores a zip of pictures, imports all rows in one audited write', async () => {
    const type = await cardType();
    const op = await staffClient(t.shop, 'operator', 'en');
    const bad = `${HEADER}\r\nSL-001,暁の竜,Dawn Dragon,XR,${type},12.5,0,\r\nSL-001,月の狐,,1,99,300,0,\r\n`;
    const audits = await auditCount('card.import');
    const before = { cards: await cardCount(), media: await count('SELECT count(*) AS n FROM media') };
    const preview = await multipart(op, '/cards/import/preview', { csv: bad, fields: { pictures: ['SL-009.png'] } });
    expect(preview.state, JSON.stringify(preview)).toBe(200);
    const p = preview.preview as Preview;
    expect(p.importable).toBe(false);
    expect(p.problems.map((x) => `${x.line}:${x.column}:${x.message}`)).toEqual([
      '2:rarity:Write the rarity as 0-3 or N, R, SR, UR',
      '2:buy_point:Write the conversion points as a whole number from 0 to 10,000,000 (no commas or decimals)',
      '3:name_en:This field is required',
      '3:card_type:There is no card type "99"; write its ID or its name',
      '3:model_number:Model number "SL-001" is also on line 2 of the file',
      'null:picture:No row has the model number of picture "SL-009.png"',
    ]);
    expect(await cardCount()).toBe(before.cards);
    expect(await count('SELECT count(*) AS n FROM media')).toBe(before.media);

    // Fixed, with its pictures in a zip (a folder inside, a macOS fork beside).
    const good = `\uFEFF${HEADER}\r\nSL-001,暁の竜,Dawn Dragon,SR,${type},1200,0,\r\nSL-002,"月の狐、""銀""",Moon Fox,N,Starlore Tales,300,,\r\n`;
    const zip = zipSync({
      'set/SL-001.png': await pngBytes(300, 420, 11),
      'set/sl-002.PNG': await pngBytes(300, 420, 12),
      '__MACOSX/set/._SL-001.png': new Uint8Array([0, 5, 22, 7]),
    });
    const names = ['set/SL-001.png', 'set/sl-002.PNG', '__MACOSX/set/._SL-001.png'];
    const clean = (await multipart(op, '/cards/import/preview', { csv: good, fields: { pictures: names } }))
      .preview as Preview;
    expect(clean.problems).toEqual([]);
    expect(clean.rows.map((r) => [r.model_number, r.picture, r.status])).toEqual([
      ['SL-001', 'set/SL-001.png', 'new'],
      ['SL-002', 'set/sl-002.PNG', 'new'],
    ]);

    const pics = await multipart(op, '/cards/import/pictures', { files: [{ name: 'set.zip', bytes: zip }] });
    expect(pics.state, JSON.stringify(pics)).toBe(200);
    const stored = pics.pictures as { name: string; url: string }[];
    expect(stored.map((s) => s.name)).toEqual(['set/SL-001.png', 'set/sl-002.PNG']);
    expect(stored.every((s) => /^\/media\/img\/.+-\d+\.webp$/.test(s.url))).toBe(true);
    expect(await cardCount()).toBe(before.cards);

    const map = Object.fromEntries(stored.map((s) => [s.name, s.url]));
    const done = await multipart(op, '/cards/import', { csv: good, fields: { pictures: map } });
    expect(done.state, JSON.stringify(done)).toBe(200);
    expect(done).toMatchObject({ created: 2, unchanged: 0 });
    const rows = (
      await t.shop.ctx.db.pool.query(
        "SELECT model_number, name_ja, rarity, card_type, buy_point, image_url FROM cards WHERE model_number LIKE 'SL-%' ORDER BY model_number",
      )
    ).rows;
    expect(rows).toEqual([
      {
        model_number: 'SL-001',
        name_ja: '暁の竜',
        rarity: 2,
        card_type: type,
        buy_point: 1200,
        image_url: map['set/SL-001.png'],
      },
      {
        model_number: 'SL-002',
        name_ja: '月の狐、"銀"',
        rarity: 0,
        card_type: type,
        buy_point: 300,
        image_url: map['set/sl-002.PNG'],
      },
    ]);
    expect(await auditCount('card.import')).toBe(audits + 1);
    const audit = (
      await t.shop.ctx.db.pool.query(
        "SELECT after FROM audit_log WHERE action = 'card.import' ORDER BY id DESC LIMIT 1",
      )
    ).rows[0].after as { created: number; cards: { id: number; model_number: string }[] };
    expect(audit.created).toBe(2);
    expect(audit.cards).toEqual([
      { id: await idOf('SL-001'), model_number: 'SL-001' },
      { id: await idOf('SL-002'), model_number: 'SL-002' },
    ]);
    const served = await fetch(t.shop.baseUrl + map['set/SL-001.png']);
    expect(served.status).toBe(200);

    // The same file again: the master already holds those model numbers (now with pictures), nothing is written.
    const again = await multipart(op, '/cards/import', { csv: good, fields: { pictures: map } });
    expect(again.state).toBe(400);
    expect(again.reason).toBe('import_not_clean');
    expect(again.errors?.csv?.[1]).toBe(
      'Model number "SL-001" is already in the card master (ID ' +
        (await idOf('SL-001')) +
        '); edit that card on its own',
    );
    expect(await auditCount('card.import')).toBe(audits + 1);
  });

  it('reads a file saved as Shift_JIS (Excel in Japan) like UTF-8', async () => {
    const type = await cardType();
    const op = await staffClient(t.shop, 'operator', 'ja');
    const csv = iconv.encode(
      `型番,カード名,英語名,レアリティ,カード種別,変換ポイント\r\nSJ-1,星霊の鍵,Spirit Key,SR,${type},700\r\n`,
      'cp932',
    );
    const p = (await multipart(op, '/cards/import/preview', { csv })).preview as Preview;
    expect(p.problems.map((x) => x.message)).toEqual(['型番「SJ-1」の画像がありません（画像なしで登録されます）']);
    expect(p.rows.map((r) => r.name_ja)).toEqual(['星霊の鍵']);
  });

  it('exports the master with the import columns (streamed, formulas defused); importing the export changes nothing', async () => {
    const type = await cardType();
    const op = await staffClient(t.shop, 'operator', 'ja');
    await multipart(op, '/cards/import', {
      csv: `${HEADER}\r\nEX-1,星の鍵,Star Key,UR,${type},9000,1,\r\nEX-2,"カンマ,入り",Comma,R,${type},10,0,\r\n`,
    });
    // A name typed through the single form may start with "=": the export defuses it.
    await t.shop.ctx.db.pool.query(
      "INSERT INTO cards (card_type, name_ja, name_en, rarity, model_number, buy_point) VALUES ($1, '=1+2', 'Formula', 0, 'EX-3', 5)",
      [type],
    );
    const res = await op.raw('/api/admin/cards/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/csv');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith(`\uFEFF${HEADER}\r\n`)).toBe(true);
    expect(text).toContain(`EX-1,星の鍵,Star Key,3,${type},9000,1,\r\n`);
    expect(text).toContain(`EX-2,"カンマ,入り",Comma,1,${type},10,0,\r\n`);
    expect(text).toContain(`EX-3,'=1+2,Formula,0,${type},5,0,\r\n`);

    const without3 = text
      .split('\r\n')
      .filter((l) => !l.startsWith('EX-3'))
      .join('\r\n');
    const cards = await cardCount();
    const preview = (await multipart(op, '/cards/import/preview', { csv: without3 })).preview as Preview;
    expect(preview.problems.filter((p) => !p.warning)).toEqual([]);
    expect(preview.rows.every((r) => r.status === 'unchanged')).toBe(true);
    const done = await multipart(op, '/cards/import', { csv: without3 });
    expect(done).toMatchObject({ state: 200, created: 0 });
    expect(await cardCount()).toBe(cards);
    // The defused line comes back as text with the apostrophe, never as a formula: it is refused as changed.
    const with3 = (await multipart(op, '/cards/import/preview', { csv: text })).preview as Preview;
    expect(with3.importable).toBe(false);
  });
});

describe('bad input to the card import', () => {
  it('refuses zip bombs, climbing names, too many entries, a broken zip and a huge CSV; reports non-images by name', async () => {
    const op = await staffClient(t.shop, 'operator', 'en');
    const media = () => count('SELECT count(*) AS n FROM media');
    const before = await media();
    const send = (name: string, bytes: Uint8Array) =>
      multipart(op, '/cards/import/pictures', { files: [{ name, bytes }] });

    // 11 MB of zeros packs into a few KB: refused by its declared size before it is inflated.
    const bomb = await send('bomb.zip', zipSync({ 'a.png': new Uint8Array(11 * 1024 * 1024) }));
    expect([bomb.state, bomb.reason, bomb.errors?.file?.[0]]).toEqual([
      400,
      'zip_entry_size',
      'Images may be at most 10 MB',
    ]);
    const climb = await send('x.zip', zipSync({ '../../etc/cron.d/a.png': await pngBytes(100, 100, 1) }));
    expect([climb.state, climb.reason]).toEqual([400, 'zip_name']);
    expect(climb.errors?.file?.[0]).toBe('The file name "../../etc/cron.d/a.png" in the zip cannot be used');
    const rooted = await send('x.zip', zipSync({ '/abs.png': await pngBytes(100, 100, 1) }));
    expect(rooted.reason).toBe('zip_name');
    const many = Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`p${i}.png`, new Uint8Array(1)]));
    const tooMany = await send('many.zip', zipSync(many));
    expect([tooMany.reason, tooMany.errors?.file?.[0]]).toEqual(['zip_entries', 'A zip may hold at most 1000 files']);
    // Headers that lie: 31 tiny entries whose central directory declares 10 MB each (310 MB in all) are refused by
    // the declared total before anything is inflated.
    const liar = declareSizes(
      zipSync(Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`l${i}.png`, new Uint8Array(10)]))),
      10 * 1024 * 1024,
    );
    const lying = await send('liar.zip', liar);
    expect([lying.reason, lying.errors?.file?.[0]]).toEqual(['zip_size', 'A zip may unpack to at most 300 MB']);
    // One declaring less than it holds inflates no further than it declared: the cut picture is not an image.
    const short = await send('short.zip', declareSizes(zipSync({ 'cut.png': await pngBytes(400, 400, 9) }), 64));
    expect(short.state, JSON.stringify(short)).toBe(200);
    expect(short.problems).toEqual([
      { file: 'cut.png', message: 'Choose an image file (JPEG, PNG, WebP, AVIF or GIF)' },
    ]);
    const broken = await send('b.zip', Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(100, 7)]));
    expect([broken.state, broken.reason]).toEqual([400, 'zip_broken']);
    expect(await media()).toBe(before);

    // Not images: each named, the real picture beside them still stored.
    const mixed = await send(
      'mix.zip',
      zipSync({
        'notes.txt': new TextEncoder().encode('hello'),
        'fake.png': new TextEncoder().encode('<svg onload=alert(1)>'),
        'real.png': await pngBytes(200, 280, 3),
      }),
    );
    expect(mixed.state, JSON.stringify(mixed)).toBe(200);
    expect((mixed.problems as { file: string; message: string }[]).map((p) => `${p.file}: ${p.message}`)).toEqual([
      'notes.txt: Choose an image file (JPEG, PNG, WebP, AVIF or GIF)',
      'fake.png: Choose an image file (JPEG, PNG, WebP, AVIF or GIF)',
    ]);
    expect((mixed.pictures as { name: string }[]).map((p) => p.name)).toEqual(['real.png']);

    const huge = await multipart(op, '/cards/import/preview', { csv: `${HEADER}\r\n${'x,'.repeat(600_000)}` });
    expect([huge.state, huge.errors?.csv?.[0]]).toEqual([400, 'The request is too large']);
    // A body over the request limit is refused while it streams, naming the limit.
    const over = await send('big.zip', new Uint8Array(65 * 1024 * 1024));
    expect([over.state, over.errors?.file?.[0]]).toEqual([400, 'At most 64 MB at a time; send the pictures in parts']);
    const none = await multipart(op, '/cards/import/pictures', {});
    expect([none.state, none.errors?.file?.[0]]).toEqual([400, 'Choose an image file']);
  });

  it('refuses wrong types, a foreign picture URL, no CSRF and staff without the catalogue permission; writes nothing', async () => {
    const type = await cardType();
    const op = await staffClient(t.shop, 'operator', 'ja');
    const csv = `${HEADER}\r\nBI-1,名,Name,0,${type},1,0,\r\n`;
    const cards = await cardCount();
    const audits = await auditCount('card.import');
    const notJson = await multipart(op, '/cards/import/preview', { csv, fields: '{"pictures": [oops' });
    expect([notJson.state, notJson.reason]).toEqual([400, 'bad_json']);
    const numbers = await multipart(op, '/cards/import/preview', { csv, fields: { pictures: [1, 2] } });
    expect([numbers.state, Object.keys(numbers.errors ?? {})]).toEqual([400, ['pictures']]);
    const foreign = await multipart(op, '/cards/import', {
      csv,
      fields: { pictures: { 'BI-1.png': 'https://evil.example/x.png' } },
    });
    expect([foreign.state, foreign.errors?.pictures?.[0]]).toEqual([
      400,
      '画像はアップロードした画像から選んでください',
    ]);
    const noCsrf = await multipart(op, '/cards/import', { csv }, { csrf: false });
    expect(noCsrf.state).toBeGreaterThanOrEqual(400);
    const shipping = await staffClient(t.shop, 'shipping', 'en');
    const forbidden = await multipart(shipping, '/cards/import', { csv });
    expect([forbidden.state, forbidden.errors?.general?.[0]]).toEqual([
      403,
      'You do not have permission for this action',
    ]);
    expect((await shipping.raw('/api/admin/cards/export')).status).toBe(403);
    expect(await cardCount()).toBe(cards);
    expect(await auditCount('card.import')).toBe(audits);
  });
});

async function idOf(model: string): Promise<number> {
  return count('SELECT id AS n FROM cards WHERE model_number = $1', [model]);
}

/** A zip whose central directory declares `size` as every entry's unpacked size (what a hostile zip may claim). */
function declareSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = zip.slice();
  const view = new DataView(out.buffer);
  for (let i = 0; i + 46 <= out.length; i++) {
    if (view.getUint32(i, true) === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}
