import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildMember } from '../factories.ts';
import { buildPack } from '../packs/pack-fixtures.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { shareImageColourAt } from './share-png.ts';

/**
 * A tiny stand-in for the SPA build (index.html, a manifest, one hashed asset with its compressed copies), so the
 * pages are checked as a crawler sees them: plain HTTP, no JavaScript. app.ts reads WEB_DIST_DIR on import.
 */
const dist = vi.hoisted(() => {
  // Runs before the imports, so only built-in modules fetched this way.
  const fs = process.getBuiltinModule('node:fs');
  const os = process.getBuiltinModule('node:os');
  const dir = fs.mkdtempSync(`${os.tmpdir()}/web-dist-`);
  process.env.WEB_DIST_DIR = dir;
  return dir;
});
const ASSET = `/* ${'the entry '.repeat(300)} */`;

function writeFakeBuild() {
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html>
<html lang="ja">
  <head>
    <title>KIRAKIRA ORIPA</title>
    <template id="app-code"><script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/ja-111.js" data-catalogue="ja"></template>
    <script defer src="/assets/after-paint-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`,
  );
  writeFileSync(
    path.join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-abc.js', isEntry: true },
      'src/i18n/locales/ja.ts': { file: 'assets/ja-111.js', isDynamicEntry: true },
      'src/i18n/locales/en.ts': { file: 'assets/en-222.js', isDynamicEntry: true },
      'src/i18n/locales/ja-more.ts': { file: 'assets/ja-more-555.js', isDynamicEntry: true },
      'src/i18n/locales/en-more.ts': { file: 'assets/en-more-666.js', isDynamicEntry: true },
      'src/i18n/messages.ts': { file: 'assets/messages-777.js', isDynamicEntry: true, imports: ['_core-888.js'] },
      '_core-888.js': { file: 'assets/core-888.js' },
      'src/pages/pack/PackDetailPage.tsx': {
        file: 'assets/PackDetailPage-333.js',
        isDynamicEntry: true,
        imports: ['index.html', '_shared.js'],
        css: ['assets/PackDetailPage-333.css'],
      },
      '_shared.js': { file: 'assets/shared-444.js' },
      'src/pages/account/MyPage.tsx': {
        file: 'assets/MyPage-999.js',
        isDynamicEntry: true,
        imports: ['index.html'],
        css: ['assets/MyPage-999.css'],
      },
    }),
  );
  // What apps/web/build/first-paint-strings.ts writes: account.json's myPage strings per language.
  const myPage = (lang: 'ja' | 'en') =>
    lang === 'ja'
      ? {
          title: 'マイページ',
          account: '会員情報',
          points: '保有ポイント',
          coins: '保有コイン',
          coinValue: '{{value}}枚',
          rank: '会員ランク',
          name: 'お名前',
          nameValue: '{{last}} {{first}} 様',
          address: '配送先住所',
          noAddress: '配送先住所が登録されていません。',
          editAddress: '住所を変更する',
        }
      : {
          title: 'My page',
          account: 'Account',
          points: 'Points',
          coins: 'Coins',
          coinValue: '{{value}}',
          rank: 'Rank',
          name: 'Name',
          nameValue: '{{first}} {{middle}} {{last}}',
          address: 'Shipping address',
          noAddress: 'No shipping address yet.',
          editAddress: 'Change address',
        };
  writeFileSync(
    path.join(dist, '.vite', 'first-paint-strings.json'),
    JSON.stringify({ ja: { myPage: myPage('ja') }, en: { myPage: myPage('en') } }),
  );
  mkdirSync(path.join(dist, 'demo', 'packs'), { recursive: true });
  writeFileSync(
    path.join(dist, 'demo', 'packs', 'starry.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="45"><rect width="80" height="45" fill="#123456"/></svg>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), ASSET);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), gzipSync(ASSET));
}

let shop: TestShop;
let web: FastifyInstance;
let base: string;
let packId: number;

beforeAll(async () => {
  writeFakeBuild();
  shop = await startTestShop({ PUBLIC_URL: 'https://shop.example' });
  const { buildApp } = await import('../../src/app.ts');
  web = await buildApp(shop.ctx, { serveWeb: true, logger: false });
  await web.listen({ port: 0, host: '127.0.0.1' });
  const addr = web.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  packId = await buildPack(shop, {
    nameJa: '星空ドラゴンパック',
    nameEn: 'Starry Dragon Pack',
    detailJa: '星空の竜が当たる！ <限定>',
    detailEn: 'Win the starry dragon! <limited>',
    eyeCatch: '/demo/packs/starry.svg',
    images: ['/demo/packs/starry-1.svg'],
  });
});
afterAll(async () => {
  await web?.close();
  await shop?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (p: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${p}`, { headers }).then(async (r) => ({ status: r.status, headers: r.headers, body: await r.text() }));

/** The content of `<meta property|name="key">`. */
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

/** The picture #root shows before the SPA renders (first-paint.ts), if any. */
const firstPicture = (html: string) => /<div id="root"><div [^>]*><.*?<img [^>]*src="([^"]*)"/.exec(html)?.[1];

describe('a pack share image', () => {
  it('is a 1200×630 PNG drawn from the pack, fetched as a crawler would', async () => {
    // The pack's art (#123456) is painted on the left half.
    expect(await shareImageColourAt(`${base}/share/pack/${packId}.png?lang=en`, 300, 300)).toBe('#123456');
  });

  it('answers 404 for an unknown pack or a malformed name', async () => {
    expect((await fetch(`${base}/share/pack/999999.png`)).status).toBe(404);
    expect((await fetch(`${base}/share/pack/..%2Fsecret.png`)).status).toBe(404);
  });
});

describe('pages served with their share tags (no JavaScript needed)', () => {
  it('/ has the shop title, description, canonical, Open Graph and X card in Japanese by default', async () => {
    const res = await page('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body).toContain('<title>キラキラオリパ｜オンラインオリパ</title>');
    expect(res.body).toContain('<link rel="canonical" href="https://shop.example/" />');
    expect(metaOf(res.body, 'description')).toMatch(/オンラインオリパ/);
    expect(metaOf(res.body, 'og:title')).toBe('キラキラオリパ｜オンラインオリパ');
    expect(metaOf(res.body, 'og:url')).toBe('https://shop.example/');
    expect(metaOf(res.body, 'og:locale')).toBe('ja_JP');
    expect(metaOf(res.body, 'twitter:card')).toBe('summary');
    expect(res.body).toContain('<html lang="ja"');
    // Its API reads start with the HTML rather than after the code (the SPA's fetch picks the preload up).
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/user/pack/list" />');
    // The top page renders without the account, payment and legal strings: they are not preloaded, only fetched
    // when idle with the page most visitors open next (a pack), which the SPA no longer imports ahead.
    expect(res.body).not.toContain('<link rel="modulepreload" crossorigin href="/assets/ja-more-555.js" />');
    for (const file of ['PackDetailPage-333.js', 'shared-444.js', 'PackDetailPage-333.css', 'ja-more-555.js']) {
      expect(res.body).toContain(`<link rel="prefetch" crossorigin href="/assets/${file}" />`);
    }
    // What index.html loads anyway is not fetched twice.
    expect(res.body).not.toContain('rel="prefetch" crossorigin href="/assets/index-abc.js"');
    // The first pack banner of the default tab is the page's largest picture.
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="/demo/packs/starry-1.svg" fetchpriority="high" />',
    );
    // ... and it shows before any JavaScript runs, in #root (React replaces it on its first render).
    expect(firstPicture(res.body)).toBe('/demo/packs/starry-1.svg');
  });

  it('/ follows Accept-Language, and the lang cookie over it', async () => {
    const en = await page('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body).toContain('<title>KIRAKIRA ORIPA | Online oripa</title>');
    expect(en.body).toContain('<html lang="en"');
    // The SPA starts in its cookie's language: only then is the English catalogue preloaded.
    expect(en.body).toContain('href="/assets/ja-111.js" data-catalogue="ja"');
    // An English browser whose SPA still starts in Japanese: API replies fetched now would be in the wrong language.
    expect(en.body).not.toContain('as="fetch"');
    const cookie = await page('/', { 'accept-language': 'en', cookie: 'lang=ja' });
    expect(cookie.body).toContain('<title>キラキラオリパ｜オンラインオリパ</title>');
    const enCookie = await page('/', { cookie: 'lang=en' });
    expect(enCookie.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/user/pack/list" />');
    expect(enCookie.body).toContain('href="/assets/en-222.js" data-catalogue="en"');
  });

  it("/pack-detail?packId= has the pack's name, description, canonical and its art as the share image", async () => {
    const res = await page(`/pack-detail?packId=${packId}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>星空ドラゴンパック | キラキラオリパ</title>');
    expect(metaOf(res.body, 'description')).toBe('星空の竜が当たる！ &lt;限定&gt;');
    expect(res.body).toContain(`<link rel="canonical" href="https://shop.example/pack-detail?packId=${packId}" />`);
    expect(metaOf(res.body, 'og:title')).toBe('星空ドラゴンパック | キラキラオリパ');
    // Its share image is drawn from its art and top prizes (share-image.ts), in the page's language.
    const shareUrl = `https://shop.example/share/pack/${packId}.png?lang=ja`;
    expect(metaOf(res.body, 'og:image')).toBe(shareUrl);
    expect(metaOf(res.body, 'og:image:width')).toBe('1200');
    expect(metaOf(res.body, 'og:image:height')).toBe('630');
    expect(metaOf(res.body, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(res.body, 'twitter:image')).toBe(shareUrl);
    // The route's code comes with the entry instead of after it; what index.html already has is not repeated.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/PackDetailPage-333.js" />');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-444.js" />');
    // Its styles come early too, without holding the first paint (the SPA's import waits for them).
    expect(res.body).toContain('<link rel="preload" as="style" crossorigin href="/assets/PackDetailPage-333.css" />');
    expect(res.body).not.toContain('<link rel="stylesheet" crossorigin href="/assets/PackDetailPage-333.css"');
    // So do the strings every lazy page waits for, in the language the SPA starts in.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ja-more-555.js" />');
    expect(res.body).not.toContain('en-more-666.js');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/messages-777.js" />');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/core-888.js" />');
    expect(res.body.match(/assets\/index-abc\.js/g)).toHaveLength(1);
    // All of it waits, inert, for the first paint (ADR 0032): none is a live tag of the head.
    const inert = /<template id="app-code">(.*?)<\/template>/s.exec(res.body)?.[1] ?? '';
    expect(inert).toContain('href="/assets/PackDetailPage-333.js"');
    expect(inert).toContain('href="/assets/PackDetailPage-333.css"');
    expect(res.body.replace(inert, '')).not.toMatch(/modulepreload|type="module"/);
    expect(res.body).toContain(`<link rel="preload" as="fetch" crossorigin href="/api/user/pack/detail/${packId}" />`);
    // Its first picture (the LCP) comes with the HTML, not after the code and the API call, and shows at once.
    expect(res.body).toContain(
      '<link rel="preload" as="image" href="/demo/packs/starry-1.svg" fetchpriority="high" />',
    );
    expect(firstPicture(res.body)).toBe('/demo/packs/starry-1.svg');

    const en = await page(`/pack-detail?packId=${packId}`, { 'accept-language': 'en' });
    expect(en.body).toContain('<title>Starry Dragon Pack | KIRAKIRA ORIPA</title>');
    expect(metaOf(en.body, 'og:description')).toBe('Win the starry dragon! &lt;limited&gt;');
  });

  it('an unknown or malformed pack id still gets the SPA, without pack tags', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await page(`/pack-detail?packId=${id}`);
      expect(res.status).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
      expect(firstPicture(res.body)).toBeUndefined();
      expect(metaOf(res.body, 'og:title')).toBeUndefined();
    }
  });

  it('other SPA paths still get index.html from the fallback', async () => {
    const res = await page('/buy-point');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('precompressed assets', () => {
  it('serves the brotli or gzip copy the browser accepts, with Content-Encoding, Vary and immutable caching', async () => {
    const br = await fetch(`${base}/assets/index-abc.js`, { headers: { 'accept-encoding': 'br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(br.headers.get('content-type')).toMatch(/javascript/);
    expect(br.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await br.text()).toBe(ASSET); // fetch decodes it
    const gz = await fetch(`${base}/assets/index-abc.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${base}/assets/index-abc.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(ASSET);
  });
});

describe('a member page', () => {
  it('sends a guest to the login page, which brings them back, and serves a member the page', async () => {
    const guest = await fetch(`${base}/my-page`, { redirect: 'manual' });
    expect(guest.status).toBe(302);
    expect(guest.headers.get('location')).toBe('/login?from=%2Fmy-page');
    expect(guest.headers.get('cache-control')).toBe('no-store');
    const toPack = await fetch(`${base}/my-page?packId=7`, { redirect: 'manual' });
    expect(toPack.headers.get('location')).toBe('/login?packId=7');

    const member = await buildMember(shop);
    const res = await fetch(`${base}/my-page`, {
      redirect: 'manual',
      headers: { cookie: `sid=${member.client.cookie('sid')}` },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<link rel="preload" as="fetch" crossorigin href="/api/user/detail" />');
  });

  /** What #root holds before the SPA's first render. */
  const rootOf = (html: string) => /<div id="root">(.*)<\/div>\s*<\/body>/s.exec(html)?.[1] ?? '';

  it("draws a member's own page before the code runs: their balances, name and address, escaped, kept by no cache", async () => {
    const member = await buildMember(shop, { paidPoints: 53_000, coins: 12, address: true });
    // Text a member typed is shown as text, never markup.
    await shop.ctx.db.pool.query(`UPDATE members SET first_name = $2, building = $3 WHERE id = $1`, [
      member.id,
      '<img src=x onerror=alert(1)>',
      'メゾン"&"101',
    ]);
    const res = await fetch(`${base}/my-page`, { headers: { cookie: `sid=${member.client.cookie('sid')}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const html = await res.text();
    const root = rootOf(html);
    expect(root).toMatch(/^<div class="fp fp-member" aria-hidden="true">/);
    expect(root).toContain('<h1 class="fp-my-title">マイページ</h1>');
    expect(root).toContain('<span class="fp-my-balance-value">53,000<small>P</small></span>');
    expect(root).toContain('12枚');
    expect(root).toContain('<span class="fp-my-rank">ブロンズ</span>');
    expect(root).toContain('試験 &lt;img src=x onerror=alert(1)&gt; 様');
    expect(root).not.toContain('<img');
    expect(root).toContain('〒100-0001<br />東京都 千代田区 千代田1-1<br />メゾン&quot;&amp;&quot;101');
    // Nothing in it can take focus: the picture is replaced by the SPA and hidden from assistive technology.
    expect(root).not.toMatch(/<a [^>]*href|<button(?![^>]*disabled)/);
    // Laid out by the page's own stylesheet, linked (not only preloaded) so the first paint waits for it.
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/MyPage-999.css" />');
    expect(html).not.toContain('as="style" crossorigin href="/assets/MyPage-999.css"');
  });

  it('draws it in the language the SPA starts in, and a prompt where there is no address', async () => {
    const member = await buildMember(shop, { paidPoints: 1_234_567 });
    const res = await fetch(`${base}/my-page`, {
      headers: { cookie: `sid=${member.client.cookie('sid')}; lang=en`, 'accept-language': 'en' },
    });
    const root = rootOf(await res.text());
    expect(root).toContain('<h1 class="fp-my-title">My page</h1>');
    expect(root).toContain('1,234,567<small>P</small>');
    expect(root).toContain('<span class="fp-my-rank">Bronze</span>');
    expect(root).toContain('<dd>太郎 試験</dd>');
    expect(root).toContain('<p class="fp-my-empty">No shipping address yet.</p>');
    expect(root).not.toContain('<address');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the shop and keeps crawlers out of the API, the sandbox and member pages', async () => {
    const res = await page('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    // /my-page is no rule: the server sends guests (every crawler) to the login page itself (next describe).
    expect(lines).not.toContain('Disallow: /my-page');
    for (const p of ['/api/', '/sandbox/', '/buy-point', '/gacha-animation', '/card-input']) {
      expect(lines).toContain(`Disallow: ${p}`);
    }
    expect(lines).not.toContain('Disallow: /pack-detail');
    expect(lines).toContain('Sitemap: https://shop.example/sitemap.xml');
  });

  it('sitemap.xml lists the top page, the packs on sale and the legal pages, not upcoming packs', async () => {
    const upcoming = await buildPack(shop, { startDate: new Date(shop.clock.now().getTime() + 86400_000) });
    // A sale end ahead is not an end yet (ADR 0016): that pack is on sale and listed.
    const ending = await buildPack(shop, { endDate: new Date(shop.clock.now().getTime() + 86400_000) });
    const res = await page('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain('https://shop.example/');
    expect(locs).toContain(`https://shop.example/pack-detail?packId=${packId}`);
    expect(locs).not.toContain(`https://shop.example/pack-detail?packId=${upcoming}`);
    expect(locs).toContain(`https://shop.example/pack-detail?packId=${ending}`);
    expect(locs).toEqual(
      expect.arrayContaining(['https://shop.example/terms-of-service', 'https://shop.example/privacy-protection']),
    );
    expect(res.body).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
  });
});

describe('share-card text', () => {
  it('breaks a long name at a space into two lines and clips what still does not fit', async () => {
    const { wrapText } = await import('../../src/routes/web/share-image.ts');
    expect(wrapText('ドラゴンシジル 蒼炎の覇者パック', 15)).toEqual(['ドラゴンシジル', '蒼炎の覇者パック']);
    expect(wrapText('短い名前', 15)).toEqual(['短い名前']);
    const long = wrapText('あ'.repeat(40), 15);
    expect(long).toHaveLength(2);
    expect(long[1]!.endsWith('…')).toBe(true);
  });
});
