import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember } from '../factories.ts';
import { buildPack } from '../packs/pack-fixtures.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { shareImageColourAt } from './share-png.ts';
import { newWebDist } from './web-dist-dir.ts';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * A tiny stand-in for the SPA build (index.html, a manifest, one hashed asset with its compressed copies), so the
 * pages are checked as a crawler sees them: plain HTTP, no JavaScript.
 */
const dist = newWebDist();
const ASSET = `/* ${'the entry '.repeat(300)} */`;
const FAKE_RENDER = `
const MEMBER = new Set(['/my-page', '/buy-point']);
export const guardOf = (pathname) => (MEMBER.has(pathname) ? 'member' : pathname === '/nowhere' ? null : 'public');
export async function render({ url, lang, api }) {
  const { pathname } = new URL(url);
  if (pathname === '/nowhere') return { kind: 'redirect', location: '/' };
  if (pathname === '/login') throw new Error('a component failed');
  const read = async (p) => (await api('/api' + p, { method: 'GET' })).json();
  const point = await read('/user/point');
  const detail = MEMBER.has(pathname) ? await read('/user/detail') : null;
  const posted = await api('/api/user/logout', { method: 'POST' }).then(() => 'posted', () => 'refused');
  const name = detail ? detail.detail.lastName + ' ' + detail.detail.firstName : '';
  return {
    kind: 'page',
    html: '<main><p data-point="' + point.point + '" data-login="' + point.is_login + '">' + lang + ' ' + posted + '</p><p>' + name.replace(/</g, '&lt;') + '</p></main>',
    state: { lang, queries: [{ key: ['x'], data: { name, text: '</script><script>alert(1)</script>' }, at: 1 }], drawnAt: 1 },
    guard: guardOf(pathname) ?? 'public',
    sources: pathname === '/pack-detail' ? ['src/pages/pack/PackDetailPage.tsx'] : [],
  };
}
`;

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
    <script defer src="/assets/after-paint-1.js"></script>
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
  // The server's render (apps/web/src/entry-server.tsx as dist/ssr/entry-server.js) in small: it reads what the
  // page would through the in-process API and draws it, so the plumbing around it is what is checked here.
  mkdirSync(path.join(dist, 'ssr'), { recursive: true });
  writeFileSync(path.join(dist, 'ssr', 'entry-server.js'), FAKE_RENDER);
  mkdirSync(path.join(dist, 'demo', 'packs'), { recursive: true });
  writeFileSync(
    path.join(dist, 'demo', 'packs', 'starry.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="45"><rect width="80" height="45" fill="#123456"/></svg>',
  );
  writeFileSync(path.join(dist, 'assets', 'index-abc.js'), ASSET);
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.br'), brotliCompressSync(ASSET));
  writeFileSync(path.join(dist, 'assets', 'index-abc.js.gz'), gzipSync(ASSET));
}

/** What `<template id="app-code">` holds: the code the page starts once painted. */
const templateOf = (html: string) => /<template id="app-code">([^]*?)<\/template>/.exec(html)?.[1] ?? '';

let shop: TestShop;
let web: FastifyInstance;
let base: string;
let packId: number;

beforeAll(async () => {
  writeFakeBuild();
  shop = await startTestShop({ PUBLIC_URL: 'https://shop.example' });
  const { buildApp } = await import('../../src/app.ts');
  web = await buildApp(shop.ctx, { serveWeb: true, webDist: dist, logger: false });
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

/** What the server drew into #root (ADR 0052), or null for the bare shell the SPA draws alone. */
const drawnRoot = (html: string) =>
  /<div id="root" data-lang="(ja|en)">(.*?)<\/div><script type="application\/json" id="ssr-state">(.*?)<\/script>/s.exec(
    html,
  );

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

describe('a page sent compressed', () => {
  /** The page's bytes as they come over the wire, for an Accept-Encoding. */
  const wire = (acceptEncoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      httpGet(`${base}/`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it('is brotli to a browser that takes it, gzip to one that takes only that, and the same page', async () => {
    const plain = await wire('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<title>キラキラオリパ｜オンラインオリパ</title>');
    const br = await wire('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('accept-language, cookie, accept-encoding');
    const unpacked = brotliDecompressSync(br.body).toString();
    expect(unpacked).toContain('<title>キラキラオリパ｜オンラインオリパ</title>');
    expect(drawnRoot(unpacked)?.[2]).toContain('data-point="0" data-login="0"');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    const gz = await wire('br;q=0, gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('<title>キラキラオリパ｜オンラインオリパ</title>');
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
    // The page itself, drawn by the server with what its reads got from the API in-process (a guest's points);
    // nothing is left to fetch before it shows.
    expect(drawnRoot(res.body)?.[2]).toContain('data-point="0" data-login="0"');
    expect(res.body).not.toContain('as="fetch"');
    // The top page renders without the account, payment and legal strings: they are not preloaded, only fetched
    // once the page has loaded, with the page most visitors open next (a pack), which the SPA does not import ahead.
    expect(res.body).not.toContain('<link rel="modulepreload" crossorigin href="/assets/ja-more-555.js" />');
    const next = /<meta name="next-page" content="([^"]*)" \/>/.exec(res.body)?.[1]?.split(' ');
    expect(next).toEqual(
      expect.arrayContaining(
        ['PackDetailPage-333.js', 'shared-444.js', 'PackDetailPage-333.css', 'ja-more-555.js'].map(
          (f) => `/assets/${f}`,
        ),
      ),
    );
    // Fetched once the page has loaded (prefetch-next-page.ts), not beside its first paint.
    expect(res.body).not.toContain('rel="prefetch"');
    // What index.html loads anyway is not fetched twice.
    expect(next).not.toContain('/assets/index-abc.js');
  });

  it('draws with reads only: a write from a render is refused, and the state cannot end its script early', async () => {
    const res = await page('/');
    const [, lang, root, state] = drawnRoot(res.body)!;
    expect(lang).toBe('ja');
    expect(root).toContain('ja refused');
    expect(state).not.toContain('</script>');
    expect(JSON.parse(state!).queries[0].data.text).toBe('</script><script>alert(1)</script>');
  });

  it('/ follows Accept-Language, and the lang cookie over it', async () => {
    const en = await page('/', { 'accept-language': 'en-US,en;q=0.9' });
    expect(en.body).toContain('<title>KIRAKIRA ORIPA | Online oripa</title>');
    expect(en.body).toContain('<html lang="en"');
    // The page is drawn in the language the SPA starts in (its cookie, else Japanese), whose catalogue it preloads.
    expect(en.body).toContain('href="/assets/ja-111.js" data-catalogue="ja"');
    expect(drawnRoot(en.body)?.[1]).toBe('ja');
    const cookie = await page('/', { 'accept-language': 'en', cookie: 'lang=ja' });
    expect(cookie.body).toContain('<title>キラキラオリパ｜オンラインオリパ</title>');
    const enCookie = await page('/', { cookie: 'lang=en' });
    expect(drawnRoot(enCookie.body)?.[1]).toBe('en');
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
    // The page drawn with its styles needs them for its first paint: linked, not only preloaded.
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/PackDetailPage-333.css" />');
    expect(res.body).not.toContain('as="style" crossorigin href="/assets/PackDetailPage-333.css"');
    // So do the strings every lazy page waits for, in the language the SPA starts in.
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/ja-more-555.js" />');
    expect(res.body).not.toContain('en-more-666.js');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/messages-777.js" />');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/core-888.js" />');
    expect(res.body.match(/assets\/index-abc\.js/g)).toHaveLength(1);
    // All of that code waits with the entry's in the build's template until the page is painted (ADR 0060); the
    // stylesheet the first paint needs does not.
    const held = templateOf(res.body);
    const head = res.body.split('</head>')[0]!.replace(held, '');
    expect(held).toContain('href="/assets/PackDetailPage-333.js"');
    expect(held).toContain('href="/assets/ja-more-555.js"');
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/PackDetailPage-333.css" />');

    const en = await page(`/pack-detail?packId=${packId}`, { 'accept-language': 'en' });
    expect(en.body).toContain('<title>Starry Dragon Pack | KIRAKIRA ORIPA</title>');
    expect(metaOf(en.body, 'og:description')).toBe('Win the starry dragon! &lt;limited&gt;');
  });

  it('an unknown or malformed pack id still gets the page, without pack tags', async () => {
    for (const id of ['999999', 'abc']) {
      const res = await page(`/pack-detail?packId=${id}`);
      expect(res.status).toBe(200);
      expect(drawnRoot(res.body)).not.toBeNull();
      expect(metaOf(res.body, 'og:title')).toBeUndefined();
    }
  });

  it('every other page path is drawn too (the fallback), and an unknown one is sent to the top page', async () => {
    const res = await page('/fairness?packId=1');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(drawnRoot(res.body)?.[2]).toContain('data-login="0"');
    const unknown = await fetch(`${base}/nowhere`, { redirect: 'manual' });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/');
    expect(unknown.headers.get('cache-control')).toBe('no-store');
  });

  it('a page whose render fails is the bare shell the SPA draws, its reads preloaded as before', async () => {
    const res = await page('/login');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain('id="ssr-state"');
    expect(res.body).toContain('<link rel="preload" as="fetch" crossorigin href="/api/user/point" />');
  });

  it('does not serve the render code to browsers', async () => {
    expect((await fetch(`${base}/ssr/entry-server.js`)).headers.get('content-type')).toMatch(/text\/html|json/);
  });
});

describe('a form the browser sent by itself, before React ran the page', () => {
  it('a POST to a page is sent back to the page (303), its body unread; a POST elsewhere is still a 404', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const path of ['/login?packId=3', '/my-page', '/fairness']) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: form,
        body: 'mail=a%40b.jp&pass=secret1234',
        redirect: 'manual',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(path);
      expect(res.headers.get('cache-control')).toBe('no-store');
    }
    const nowhere = await fetch(`${base}/nowhere`, {
      method: 'POST',
      headers: form,
      body: 'pass=x',
      redirect: 'manual',
    });
    expect(nowhere.status).toBe(404);
    // The API keeps its own answers (here its cross-site guard), never a page's redirect.
    const api = await fetch(`${base}/api/user/nothing`, {
      method: 'POST',
      headers: form,
      body: 'pass=x',
      redirect: 'manual',
    });
    expect(api.status).not.toBe(303);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });

  it("a GET with a form's fields in the address is sent to the page without them, its own parameters kept", async () => {
    const res = await fetch(`${base}/login?packId=3&mail=a%40b.jp&pass=secret1234`, { redirect: 'manual' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login?packId=3');
    const bare = await fetch(`${base}/login?mail=a%40b.jp&pass=secret1234`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/login');
    // A page's own parameters alone are the page.
    expect((await fetch(`${base}/fairness?packId=1`, { redirect: 'manual' })).status).toBe(200);
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

    const guestBuy = await fetch(`${base}/buy-point`, { redirect: 'manual' });
    expect(guestBuy.headers.get('location')).toBe('/login?from=%2Fbuy-point');
  });

  it("draws a member's page with their own data, read as them in-process, and keeps it in no cache", async () => {
    const member = await buildMember(shop, { paidPoints: 53_000 });
    // Text a member typed is drawn as text, never markup.
    await shop.ctx.db.pool.query(`UPDATE members SET first_name = $2 WHERE id = $1`, [member.id, '<img src=x>']);
    for (const path of ['/my-page', '/buy-point', '/']) {
      const res = await fetch(`${base}${path}`, {
        redirect: 'manual',
        headers: { cookie: `sid=${member.client.cookie('sid')}` },
      });
      expect(res.status).toBe(200);
      // Every page drawn for a member holds their data (at least their points in the header).
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      const root = drawnRoot(await res.text())?.[2] ?? '';
      expect(root).toContain('data-point="53000" data-login="1"');
      if (path !== '/') expect(root).toContain('試験 &lt;img src=x>');
    }
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
