import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DrawnCard, HitShareReply } from '@oripa/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMember, type TestMember } from '../factories.ts';
import { buildPack, drawVia, smallLineup } from '../packs/pack-fixtures.ts';
import { startTestShop, type TestShop } from '../test-shop.ts';
import { shareImageColourAt } from './share-png.ts';
import { newWebDist } from './web-dist-dir.ts';

/**
 * Sharing a hit (issue 13, section 3): the drawer gets a signed link and image of their own drawn card; the image
 * and the page's share tags come only from real draws, named by a key nobody else can make.
 */
const dist = newWebDist();
let shop: TestShop;
let web: FastifyInstance;
let base: string;
let packId: number;
let drawer: TestMember;
let cards: DrawnCard[];

beforeAll(async () => {
  mkdirSync(path.join(dist, 'demo', 'cards'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="ja"><head><title>x</title></head><body></body></html>',
  );
  // Every card of the lineup shows this picture: a flat colour the test finds in the PNG. A WebP, like the demo's
  // art, which librsvg cannot paint by itself (share-image.ts hands it over as PNG).
  const { default: sharp } = await import('sharp');
  const webp = await sharp({ create: { width: 50, height: 70, channels: 3, background: '#2468ac' } })
    .webp({ lossless: true })
    .toBuffer();
  for (const f of ['t-s', 't-a', 't-b', 't-c']) writeFileSync(path.join(dist, 'demo', 'cards', `${f}.webp`), webp);
  shop = await startTestShop({ PUBLIC_URL: 'https://shop.example' });
  const { buildApp } = await import('../../src/app.ts');
  web = await buildApp(shop.ctx, { serveWeb: true, webDist: dist, logger: false });
  await web.listen({ port: 0, host: '127.0.0.1' });
  const addr = web.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  packId = await buildPack(shop, { nameJa: '星空ドラゴンパック', nameEn: 'Starry Dragon Pack', cards: smallLineup(2) });
  drawer = await buildMember(shop, { paidPoints: 10_000 });
  const { buy } = await drawVia(drawer.client, packId, 'all');
  cards = buy!.cards as DrawnCard[];
});
afterAll(async () => {
  await web?.close();
  await shop?.close();
  rmSync(dist, { recursive: true, force: true });
});

const share = (c: TestMember['client'], historyId: number | string) => c.get(`/user/pack/share/${historyId}`);
const metaOf = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('sharing a hit', () => {
  it('gives the drawer a signed link to the pack page and a 1200×630 PNG of the card, cached', async () => {
    const s = cards.find((c) => c.rank === 'S')!;
    const res = await share(drawer.client, s.history_id);
    expect(res.state, JSON.stringify(res)).toBe(200);
    const reply = res as unknown as HitShareReply;
    expect(reply.key).toMatch(new RegExp(`^${s.history_id}-[\\w-]{16}$`));
    expect(reply.url).toBe(`/pack-detail?packId=${packId}&hit=${reply.key}`);
    expect(reply.image).toBe(`/share/hit/${reply.key}.png?lang=ja`);

    // The card's own picture (#2468ac) fills the left of the image.
    expect(await shareImageColourAt(`${base}${reply.image}`, 230, 320)).toBe('#2468ac');
  });

  it("refuses another member's card, an unknown card and a malformed id; no key, no image", async () => {
    const other = await buildMember(shop);
    expect((await share(other.client, cards[0]!.history_id)).state).toBe(404);
    expect((await share(drawer.client, 99_999_999)).state).toBe(404);
    expect((await share(drawer.client, 'abc')).state).toBe(404);
    expect((await shop.client().get(`/user/pack/share/${cards[0]!.history_id}`)).state).toBe(401);
  });

  it('answers 404 for an image of an unsigned, altered, foreign-signed or unknown key', async () => {
    const { key } = (await share(drawer.client, cards[0]!.history_id)) as unknown as HitShareReply;
    const [id, sig] = key.split('-') as [string, string];
    const next = cards[1]!.history_id;
    for (const bad of [
      id, // no signature
      `${next}-${sig}`, // another draw's id under this draw's signature
      `${id}-${sig.slice(0, 15)}${sig.endsWith('A') ? 'B' : 'A'}`, // one character changed
      `99999999-${sig}`, // no such draw
      `${id}-${'A'.repeat(16)}`,
      '..%2F..%2Fetc%2Fpasswd',
    ]) {
      const res = await fetch(`${base}/share/hit/${bad}.png`);
      expect(res.status, bad).toBe(404);
      expect(res.headers.get('content-type')).not.toMatch(/image/);
    }
  });

  it("serves the pack page with the hit's card as its share image and title, without JavaScript", async () => {
    const s = cards.find((c) => c.rank === 'S')!;
    const { key, url } = (await share(drawer.client, s.history_id)) as unknown as HitShareReply;
    const html = await (await fetch(`${base}${url}`, { headers: { 'accept-language': 'en' } })).text();
    expect(metaOf(html, 'og:image')).toBe(`https://shop.example/share/hit/${key}.png?lang=en`);
    expect(metaOf(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaOf(html, 'og:title')).toBe(`I pulled ${s.name}! | Starry Dragon Pack | KIRAKIRA ORIPA`);
    // The canonical page stays the pack's own.
    expect(html).toContain(`<link rel="canonical" href="https://shop.example/pack-detail?packId=${packId}" />`);
    // A forged key, or a real key under another pack, leaves the pack's own share card.
    const otherPack = await buildPack(shop);
    for (const page of [
      `/pack-detail?packId=${packId}&hit=${s.history_id}-AAAAAAAAAAAAAAAA`,
      `/pack-detail?packId=${otherPack}&hit=${key}`,
    ]) {
      const h = await (await fetch(`${base}${page}`)).text();
      expect(metaOf(h, 'og:image')).toMatch(/\/share\/pack\/\d+\.png\?lang=ja$/);
    }
  });
});
