import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_POSTS, seedSiteContent } from '../../src/seed/site-content.ts';
import { clearSiteContentCache, POSTS_PER_PAGE } from '../../src/services/site-content.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
  await seedSiteContent(shop.ctx);
});
afterAll(() => shop.close());

interface Post {
  id: number;
  title: string;
  lastName: string;
  firstName: string;
  created: string;
  content: string;
  images: string[];
}
const lastPage = Math.ceil(DEMO_POSTS.length / POSTS_PER_PAGE);

describe('GET /api/user/post/list', () => {
  it('answers the first page newest first with the spec page object', async () => {
    const res = await shop.client().get('/user/post/list');
    expect(res.state).toBe(200);
    const list = res.list as Post[];
    expect(list).toHaveLength(POSTS_PER_PAGE);
    expect(list[0]!.title).toBe(DEMO_POSTS[0]!.title);
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['content', 'created', 'firstName', 'id', 'images', 'lastName', 'title'].sort(),
    );
    expect(list[0]!.created).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const created = list.map((p) => p.created);
    expect([...created].sort().reverse()).toEqual(created);
    expect(res.page).toEqual({ page: 1, all_page: lastPage, pages: [1, 2, 3, 4, 5].filter((p) => p <= lastPage) });
  });

  it('pages through every post exactly once', async () => {
    const c = shop.client();
    const seen: number[] = [];
    for (let p = 1; p <= lastPage; p++) {
      const res = await c.get(`/user/post/list/${p}`);
      expect((res.page as { page: number }).page).toBe(p);
      seen.push(...(res.list as Post[]).map((x) => x.id));
    }
    expect(new Set(seen).size).toBe(DEMO_POSTS.length);
  });

  it('clamps a page past the end to the last page and refuses a malformed page with 400 on page', async () => {
    const c = shop.client();
    const far = await c.get('/user/post/list/999');
    expect((far.page as { page: number }).page).toBe(lastPage);
    expect((far.list as Post[]).length).toBeGreaterThan(0);
    for (const junk of ['abc', '0', '-1', '1.5', "1'%20OR%201=1"]) {
      const res = await c.get(`/user/post/list/${junk}`);
      expect(res.state).toBe(400);
      expect(res.errors?.page?.[0]).toBe('不正な値です');
    }
  });

  it('also answers a POST with a csrf pair, and refuses one without', async () => {
    const c = shop.client();
    const ok = await c.post('/user/post/list/2');
    expect(ok.state).toBe(200);
    expect((ok.page as { page: number }).page).toBe(2);
    const refused = await shop.client().post('/user/post/list', {}, { csrf: false });
    expect(refused.state).toBe(403);
  });

  it('keeps posts scheduled for later hidden, and carries images as a list of strings', async () => {
    await shop.ctx.db.pool.query(
      `INSERT INTO posts (title, last_name, first_name, content, images, published_at)
       VALUES ('未来のお知らせ', '運営', '事務局', '予約投稿', '["/a.svg", 3]', now() + interval '1 day')`,
    );
    clearSiteContentCache(shop.ctx);
    const res = await shop.client().get('/user/post/list');
    const list = res.list as Post[];
    expect(list.some((p) => p.title === '未来のお知らせ')).toBe(false);
    const withImage = list.find((p) => p.images.length > 0);
    expect(withImage?.images.every((i) => typeof i === 'string')).toBe(true);
  });
});

describe('posts in the caller language', () => {
  it('shows the English title, text and images on English pages, each falling back to the Japanese on its own', async () => {
    const pool = shop.ctx.db.pool;
    const { rows } = await pool.query<{ id: string }>(
      `INSERT INTO posts (title, last_name, first_name, content, images, title_en, content_en, images_en, published_at)
       VALUES ('二か国語', '運営', '事務局', '日本語の本文', '["/ja.svg"]', 'Bilingual', '', '[]', now() + interval '1 hour')
       RETURNING id`,
    );
    // Published after every demo post (the newest is 5 hours old): the first row of page 1. A second back, because
    // the list compares with the shop clock in whole milliseconds and PostgreSQL's now() has microseconds: a post
    // published "now" could still be a few microseconds ahead of it.
    await pool.query(`UPDATE posts SET published_at = now() - interval '1 second' WHERE id = $1`, [rows[0]!.id]);
    clearSiteContentCache(shop.ctx);
    try {
      const en = ((await shop.client('en').get('/user/post/list')).list as Post[])[0]!;
      expect(en).toMatchObject({ title: 'Bilingual', content: '日本語の本文', images: ['/ja.svg'] });
      const ja = ((await shop.client('ja').get('/user/post/list')).list as Post[])[0]!;
      expect(ja).toMatchObject({ title: '二か国語', content: '日本語の本文' });
      const demo = DEMO_POSTS.find((p) => p.en)!;
      const all = [];
      for (let p = 1; p <= lastPage + 1; p++)
        all.push(...((await shop.client('en').get(`/user/post/list/${p}`)).list as Post[]));
      expect(all.map((p) => p.title)).toContain(demo.en!.title);
      expect(all.map((p) => p.title)).not.toContain(demo.title);
    } finally {
      await pool.query('DELETE FROM posts WHERE id = $1', [rows[0]!.id]);
      clearSiteContentCache(shop.ctx);
    }
  });
});

describe('GET /api/user/banner', () => {
  it('answers mode 1 with the banners in order', async () => {
    const res = await shop.client().get('/user/banner');
    expect(res.state).toBe(200);
    expect(res.mode).toBe('1');
    const list = res.list as { file_name: string; link_url: string; alt: string; caption: string }[];
    expect(list.length).toBe(3);
    expect(list[0]).toEqual({
      file_name: '/demo/banners/launch.webp',
      link_url: '/pack-list?index=1',
      alt: expect.stringContaining('グランドオープン') as string,
      caption: expect.stringContaining('グランドオープン') as string,
    });
  });

  it("prints a wordless picture's caption in the page's language, with one picture for both", async () => {
    // The demo's banners are drawn without words (issue 24 §3): one picture, the caption in each language.
    const ja = (await shop.client('ja').get('/user/banner')).list as { file_name: string; caption: string }[];
    const en = (await shop.client('en').get('/user/banner')).list as { file_name: string; caption: string }[];
    expect(en.map((b) => b.file_name)).toEqual(ja.map((b) => b.file_name));
    expect(ja[0]!.caption).toContain('グランドオープン');
    expect(en[0]!.caption).toMatch(/grand opening/i);
    // Without an English alt text the English page prints the Japanese one rather than nothing.
    const pool = shop.ctx.db.pool;
    const { rows } = await pool.query<{ alt_en: string }>(
      "SELECT alt_en FROM banners WHERE file_name = '/demo/banners/launch.webp'",
    );
    await pool.query("UPDATE banners SET alt_en = '' WHERE file_name = '/demo/banners/launch.webp'");
    clearSiteContentCache(shop.ctx);
    try {
      const fallback = (await shop.client('en').get('/user/banner')).list as { caption: string }[];
      expect(fallback[0]!.caption).toContain('グランドオープン');
    } finally {
      await pool.query("UPDATE banners SET alt_en = $1 WHERE file_name = '/demo/banners/launch.webp'", [
        rows[0]!.alt_en,
      ]);
      clearSiteContentCache(shop.ctx);
    }
  });

  it('answers English pages with the English image and alt text, and the Japanese pair where there is none', async () => {
    // A picture with its words baked in (caption off): each language has its own picture and alt text.
    const pool = shop.ctx.db.pool;
    const launch = "file_name = '/demo/banners/launch.webp'";
    await pool.query(
      `UPDATE banners SET caption = false, file_name_en = '/demo/banners/launch-en.webp' WHERE ${launch}`,
    );
    clearSiteContentCache(shop.ctx);
    try {
      const en = (await shop.client('en').get('/user/banner')).list as { file_name: string; alt: string }[];
      expect(en[0]).toMatchObject({
        file_name: '/demo/banners/launch-en.webp',
        alt: expect.stringMatching(/grand opening/i),
        caption: '',
      });
      await pool.query(`UPDATE banners SET file_name_en = '' WHERE ${launch}`);
      clearSiteContentCache(shop.ctx);
      const fallback = (await shop.client('en').get('/user/banner')).list as { file_name: string; alt: string }[];
      expect(fallback[0]).toMatchObject({
        file_name: '/demo/banners/launch.webp',
        alt: expect.stringContaining('グランドオープン'),
      });
      // The Japanese page never sees the English version.
      const ja = (await shop.client('ja').get('/user/banner')).list as { file_name: string }[];
      expect(ja.map((b) => b.file_name).some((f) => f.endsWith('-en.webp'))).toBe(false);
    } finally {
      await pool.query(`UPDATE banners SET caption = true, file_name_en = '' WHERE ${launch}`);
      clearSiteContentCache(shop.ctx);
    }
  });

  it('answers mode 0 when the setting is off or missing, and leaves inactive banners out', async () => {
    const pool = shop.ctx.db.pool;
    await pool.query("UPDATE settings SET value = '0' WHERE key = 'banner_mode'");
    clearSiteContentCache(shop.ctx);
    expect((await shop.client().get('/user/banner')).mode).toBe('0');
    await pool.query("DELETE FROM settings WHERE key = 'banner_mode'");
    clearSiteContentCache(shop.ctx);
    expect((await shop.client().get('/user/banner')).mode).toBe('0');
    await pool.query("INSERT INTO settings (key, value) VALUES ('banner_mode', '1')");
    await pool.query("UPDATE banners SET active = false WHERE file_name = '/demo/banners/provably-fair.webp'");
    clearSiteContentCache(shop.ctx);
    const res = await shop.client().get('/user/banner');
    expect(res.mode).toBe('1');
    expect((res.list as unknown[]).length).toBe(2);
    await pool.query('UPDATE banners SET active = true');
    clearSiteContentCache(shop.ctx);
  });

  it('serves repeated calls from a short cache, so a crowd costs a few queries a second', async () => {
    clearSiteContentCache(shop.ctx);
    const before = await shop.client().get('/user/banner');
    await shop.ctx.db.pool.query("UPDATE settings SET value = '0' WHERE key = 'banner_mode'");
    try {
      // Within SITE_CACHE_MS the old answer stands; after a clear (or the TTL) the edit shows.
      expect((await shop.client().get('/user/banner')).mode).toBe(before.mode);
      clearSiteContentCache(shop.ctx);
      expect((await shop.client().get('/user/banner')).mode).toBe('0');
    } finally {
      await shop.ctx.db.pool.query("UPDATE settings SET value = '1' WHERE key = 'banner_mode'");
      clearSiteContentCache(shop.ctx);
    }
    const first = ((await shop.client().get('/user/post/list')).list as Post[])[0]!.title;
    await shop.ctx.db.pool.query(
      "INSERT INTO posts (title, last_name, first_name, content) VALUES ('速報', '運営', '事務局', '本文')",
    );
    expect(((await shop.client().get('/user/post/list')).list as Post[])[0]!.title).toBe(first);
    clearSiteContentCache(shop.ctx);
    expect(((await shop.client().get('/user/post/list')).list as Post[])[0]!.title).toBe('速報');
  });
});

describe('GET /api/user/card_type', () => {
  it('names the card games in the caller language with coming_soon as a flag', async () => {
    const ja = await shop.client('ja').get('/user/card_type');
    expect(ja.list).toEqual([
      { id: 1, name: 'ドラゴンシジル', coming_soon: '0' },
      { id: 2, name: 'アストラルテイマーズ', coming_soon: '1' },
    ]);
    const en = await shop.client('en').get('/user/card_type');
    expect((en.list as { name: string }[]).map((t) => t.name)).toEqual(['Dragon Sigil', 'Astral Tamers']);
  });
});

describe('the demo art', () => {
  it('names only WebPs the SPA ships (drawn from the SVGs by scripts/rasterize-demo-art.ts)', async () => {
    const { rows } = await shop.ctx.db.pool.query<{ f: string }>(
      `SELECT f FROM (
         SELECT file_name AS f FROM banners UNION SELECT file_name_en FROM banners
         UNION SELECT jsonb_array_elements_text(images) FROM posts
         UNION SELECT jsonb_array_elements_text(images_en) FROM posts
       ) art WHERE f LIKE '/demo/%'`,
    );
    const files = rows.map((r) => r.f);
    // Three banners (one picture for both languages since issue 24) and the posts' pictures.
    expect(files.length).toBeGreaterThanOrEqual(6);
    const publicDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public');
    for (const f of files) {
      expect(f, f).toMatch(/\.webp$/);
      expect(existsSync(path.join(publicDir, f)), f).toBe(true);
    }
  });

  it('has no words drawn in any picture: the page prints names, titles and captions in its language', () => {
    // scripts/make-demo-art.ts draws them (issue 24 §3); lettering in an SVG would come back as <text>.
    const demoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/public/demo');
    const svgs = readdirSync(demoDir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThanOrEqual(50);
    for (const f of svgs) expect(readFileSync(path.join(demoDir, f), 'utf8'), f).not.toMatch(/<text\b/);
  });
});
