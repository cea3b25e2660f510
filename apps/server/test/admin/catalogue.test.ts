import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { startTestShop, useShop } from '../test-shop.ts';
import { createCardWithImage, pngBytes, upload } from './catalogue-fixtures.ts';
import { staffClient } from './staff-fixtures.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'oripa-media-'));
const t = useShop(async () => ({ shop: await startTestShop({ DATA_DIR: dataDir }) }));

const auditCount = async (action: string) =>
  Number((await t.shop.ctx.db.pool.query('SELECT count(*) AS n FROM audit_log WHERE action = $1', [action])).rows[0].n);
const mediaCount = async () => Number((await t.shop.ctx.db.pool.query('SELECT count(*) AS n FROM media')).rows[0].n);

describe('image upload (POST /api/admin/media)', () => {
  it('stores web-ready WebP and AVIF sizes and serves them at /media', async () => {
    const op = await staffClient(t.shop, 'operator');
    const res = await upload(op, await pngBytes(1600, 1200, 33));
    expect(res.state, JSON.stringify(res)).toBe(200);
    const media = res.media as {
      url: string;
      width: number;
      variants: { width: number; format: string; url: string }[];
    };
    expect(media.width).toBe(1600);
    expect(media.variants.map((v) => `${v.width}.${v.format}`).sort()).toEqual(
      ['480.avif', '480.webp', '960.avif', '960.webp'].sort(),
    );
    expect(media.url).toMatch(/^\/media\/img\/[0-9a-f]{2}\/[0-9a-f]{24}-960\.webp$/);
    for (const v of media.variants) {
      const file = await fetch(t.shop.baseUrl + v.url);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe(`image/${v.format}`);
      const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(meta.width).toBe(v.width);
      expect(meta.format).toBe(v.format === 'avif' ? 'heif' : 'webp');
    }
    // Under DATA_DIR, behind the storage interface.
    expect(readdirSync(path.join(dataDir, 'media', 'img')).length).toBeGreaterThan(0);
    expect(await auditCount('media.upload')).toBe(1);
  });

  // Issue 20: two uploads of the same picture at once gave a 500 (the media key's unique index).
  it('answers one image to uploads of the same picture at once, with no error and one record', async () => {
    const op = await staffClient(t.shop, 'operator');
    const other = await staffClient(t.shop, 'operator');
    const bytes = await pngBytes(700, 500, 77);
    const before = { media: await mediaCount(), audit: await auditCount('media.upload') };
    const replies = await Promise.all([
      upload(op, bytes),
      upload(other, bytes),
      upload(op, bytes),
      upload(other, bytes),
    ]);
    expect(replies.map((r) => r.state)).toEqual([200, 200, 200, 200]);
    const ids = new Set(replies.map((r) => (r.media as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(await mediaCount()).toBe(before.media + 1);
    expect(await auditCount('media.upload')).toBe(before.audit + 1);
    expect(
      readdirSync(path.join(dataDir, 'media', 'img'), { recursive: true }).filter((f) => String(f).endsWith('.tmp')),
    ).toEqual([]);
  });

  // Found by the card import's zip tests: a sound header over cut-short pixels failed in sharp's decoding as a 500.
  it('refuses a truncated picture (sound header, pixels cut short) as not an image, nothing stored', async () => {
    const op = await staffClient(t.shop, 'operator', 'en');
    const before = await mediaCount();
    const whole = await pngBytes(800, 600, 61);
    const res = await upload(op, whole.subarray(0, Math.floor(whole.length / 3)));
    expect([res.state, res.errors?.file?.[0]]).toEqual([400, 'Choose an image file (JPEG, PNG, WebP, AVIF or GIF)']);
    expect(await mediaCount()).toBe(before);
  });

  it('judges the type by the content: a text file named .png is refused, nothing stored', async () => {
    const op = await staffClient(t.shop, 'operator', 'en');
    const before = await mediaCount();
    const res = await upload(op, Buffer.from('<svg onload=alert(1)>not an image</svg>'), { name: 'x.png' });
    expect(res.state).toBe(400);
    expect(res.errors?.file?.[0]).toBe('Choose an image file (JPEG, PNG, WebP, AVIF or GIF)');
    const svg = await upload(op, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"/>'), {
      name: 'x.svg',
      type: 'image/svg+xml',
    });
    expect(svg.state).toBe(400);
    expect(await mediaCount()).toBe(before);
  });

  it('refuses a 50 MB upload with a clear message, and a missing file', async () => {
    const op = await staffClient(t.shop, 'operator');
    const before = await mediaCount();
    const big = Buffer.alloc(50 * 1024 * 1024, 7);
    const res = await upload(op, big);
    expect(res.state).toBe(400);
    expect(res.errors?.file?.[0]).toBe('画像は10MBまでです');
    const none = await upload(op, null);
    expect(none.state).toBe(400);
    expect(none.errors?.file?.[0]).toBe('画像ファイルを選んでください');
    expect(await mediaCount()).toBe(before);
  });

  it('needs the CSRF pair and the permission', async () => {
    const op = await staffClient(t.shop, 'operator');
    expect((await upload(op, await pngBytes(100, 100), { csrf: false })).state).toBe(403);
    const shipping = await staffClient(t.shop, 'shipping');
    const before = await mediaCount();
    expect((await upload(shipping, await pngBytes(120, 100, 9))).state).toBe(403);
    expect(await mediaCount()).toBe(before);
  });

  it('serves nothing outside the stored variants', async () => {
    for (const p of ['/media/../package.json', '/media/img/zz/x.webp', '/media/%2e%2e/%2e%2e/etc/passwd']) {
      expect((await fetch(t.shop.baseUrl + p)).status).toBe(404);
    }
  });
});

describe('card master (/api/admin/cards)', () => {
  it('creates, lists (search, sort, paging) and edits cards, audited', async () => {
    const op = await staffClient(t.shop, 'operator');
    const a = await createCardWithImage(op, { name_ja: '蒼き竜', name_en: 'Blue Dragon', buy_point: 900 }, 1);
    await createCardWithImage(op, { name_ja: '紅き竜', name_en: 'Red Dragon', buy_point: 100 }, 2);
    const list = await op.get('/admin/cards?q=dragon&sort=buy_point&dir=asc&per_page=1&page=2');
    expect(list.state).toBe(200);
    expect(list.total).toBe(2);
    expect((list.rows as { name_en: string }[]).map((c) => c.name_en)).toEqual(['Blue Dragon']);
    const edit = await op.post(`/admin/cards/${a.id}`, {
      card_type: 1,
      name_ja: '蒼き竜王',
      name_en: 'Blue Dragon King',
      rarity: 3,
      model_number: 'BD-1',
      buy_point: 1200,
      image_url: a.image_url,
    });
    expect(edit.state).toBe(200);
    expect((edit.card as { name_ja: string }).name_ja).toBe('蒼き竜王');
    const { rows } = await t.shop.ctx.db.pool.query(
      "SELECT before, after FROM audit_log WHERE action = 'card.update' AND target_id = $1",
      [String(a.id)],
    );
    expect(rows[0].before.name_ja).toBe('蒼き竜');
    expect(rows[0].after.name_ja).toBe('蒼き竜王');
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const op = await staffClient(t.shop, 'operator', 'en');
    const before = Number((await t.shop.ctx.db.pool.query('SELECT count(*) AS n FROM cards')).rows[0].n);
    const res = await op.post('/admin/cards', {
      card_type: 1,
      name_ja: '',
      name_en: 'x'.repeat(101),
      rarity: 9,
      buy_point: -1,
      image_url: 'https://evil.example/x.png',
    });
    expect(res.state).toBe(400);
    expect(Object.keys(res.errors ?? {}).sort()).toEqual(['buy_point', 'image_url', 'name_en', 'name_ja', 'rarity']);
    expect(res.errors!.image_url![0]).toBe('Choose one of the uploaded images');
    expect(Number((await t.shop.ctx.db.pool.query('SELECT count(*) AS n FROM cards')).rows[0].n)).toBe(before);
    expect(
      (await op.post('/admin/cards/999999', { card_type: 1, name_ja: 'a', name_en: 'a', rarity: 0, buy_point: 1 }))
        .state,
    ).toBe(404);
  });

  it('is closed to roles without catalogue.write, with no audit row', async () => {
    const support = await staffClient(t.shop, 'support');
    const before = await auditCount('card.create');
    const res = await support.post('/admin/cards', {
      card_type: 1,
      name_ja: 'a',
      name_en: 'a',
      rarity: 0,
      buy_point: 1,
    });
    expect(res.state).toBe(403);
    expect((await support.get('/admin/cards')).state).toBe(403);
    expect(await auditCount('card.create')).toBe(before);
  });
});
