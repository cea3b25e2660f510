import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import sharp from 'sharp';
import { pageMeta, type Lang } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import type { CardRow } from '../../db/queries/packs.ts';
import { cardName, packName } from '../../presenters/pack.ts';
import { loadLineup, loadPack } from '../../services/packs/pack-catalog.ts';
import { escapeHtml } from '../../http/html-escape.ts';

/** The share card's size: what X, LINE and Facebook show without cropping (1.91:1). */
export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;

/** The path of a pack's share image; og:image and twitter:image point here (page-meta.ts). */
export const shareImagePath = (packId: number, lang: Lang) => `/share/pack/${packId}.png?lang=${lang}`;

/** The pack's most valuable cards, at most three: the prizes a share card should show. */
export function topPrizes(lineup: readonly CardRow[], n = 3): CardRow[] {
  return [...lineup].sort((a, b) => b.buy_point - a.buy_point || Number(a.id) - Number(b.id)).slice(0, n);
}

/**
 * The pack's art as a data URI, when it is one of the SPA's own files (the demo's art, under the built SPA): only a
 * plain absolute path without '..' is read, from inside `root`. A WebP goes in as PNG: the librsvg in sharp's build
 * paints SVG, PNG and JPEG inside an SVG but leaves a WebP blank.
 */
export async function artDataUri(root: string | undefined, art: string): Promise<string | null> {
  if (!root || !/^\/[\w./-]+\.(svg|png|webp|jpe?g)$/i.test(art) || art.includes('..')) return null;
  const file = path.join(root, art);
  if (!file.startsWith(path.resolve(root) + path.sep)) return null;
  const data = await readFile(file).catch(() => null);
  if (!data) return null;
  const ext = path.extname(art).slice(1).toLowerCase();
  if (ext === 'webp') {
    const png = await sharp(data)
      .png()
      .toBuffer()
      .catch(() => null);
    return png && `data:image/png;base64,${png.toString('base64')}`;
  }
  const type = ext === 'svg' ? 'image/svg+xml' : ext === 'jpg' ? 'image/jpeg' : `image/${ext}`;
  return `data:${type};base64,${data.toString('base64')}`;
}

/** Rough width of text in ems: full-width characters 1, others about half. */
const ems = (s: string) => [...s].reduce((w, ch) => w + ((ch.codePointAt(0) ?? 0) <= 0xff ? 0.56 : 1), 0);

/** Text cut to `max` ems with an ellipsis. */
function clip(s: string, max: number): string {
  if (ems(s) <= max) return s;
  let out = '';
  for (const ch of s) {
    if (ems(out + ch) > max - 1) break;
    out += ch;
  }
  return `${out}…`;
}

/** Text broken into at most `lines` lines of `max` ems (at a space where there is one), the last one clipped. */
export function wrapText(s: string, max: number, lines = 2): string[] {
  const out: string[] = [];
  let rest = s.trim();
  while (rest && out.length < lines - 1 && ems(rest) > max) {
    let cut = 0;
    let width = 0;
    for (const ch of rest) {
      width += ems(ch);
      if (width > max) break;
      cut += ch.length;
    }
    const space = rest.lastIndexOf(' ', cut);
    const at = space > 0 ? space : cut;
    out.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) out.push(clip(rest, max));
  return out;
}

/** The share cards' lettering: a Japanese-capable sans-serif that librsvg (sharp) finds on the server. */
export const SHARE_FONT = "font-family=\"'Noto Sans CJK JP','Noto Sans JP','Hiragino Sans',sans-serif\"";

/**
 * A share card's frame (the pack card and the hit card draw inside it): the dark gradient, the shop's logo (and its
 * Japanese name on Japanese cards), `defs` for the content's own gradients and clips, then the content.
 */
export function shareFrame(lang: Lang, defs: string, content: string): string {
  const font = SHARE_FONT;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" viewBox="0 0 ${SHARE_WIDTH} ${SHARE_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#2a2f6b"/><stop offset="1" stop-color="#090b1a"/></linearGradient>
    ${defs}
  </defs>
  <rect width="${SHARE_WIDTH}" height="${SHARE_HEIGHT}" fill="url(#bg)"/>
  <text x="40" y="62" ${font} font-size="30" font-weight="900" fill="#ffcf4a">KIRAKIRA ORIPA</text>
  ${lang === 'ja' ? `<text x="300" y="62" ${font} font-size="22" font-weight="700" fill="#c9cdf0">${escapeHtml(pageMeta.ja.shopName)}</text>` : ''}
  ${content}
</svg>`;
}

/** The PNG of a share card's SVG (sharp's librsvg), compressed hard: it is drawn once and cached. */
export const sharePng = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();

/**
 * A route's cache of drawn PNGs: a card never changes once drawn (a lineup is frozen at publication, a draw for
 * ever), so each is drawn once per key; cleared when it grows past its bound, which only junk keys could reach.
 */
export function pngCache(max = 500) {
  const cache = new Map<string, Buffer>();
  return async (key: string, draw: () => Promise<Buffer | null>): Promise<Buffer | null> => {
    const hit = cache.get(key);
    if (hit) return hit;
    const png = await draw();
    if (!png) return null;
    if (cache.size > max) cache.clear();
    cache.set(key, png);
    return png;
  };
}

/** Where a share PNG goes out: an image, cached by clients and chat apps for an hour; 404 for none. */
export function sendSharePng(reply: FastifyReply, png: Buffer | null) {
  if (!png) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  reply.header('cache-control', 'public, max-age=3600');
  return reply.type('image/png').send(png);
}

/** The share card as SVG: the pack's art on the left, its name and top prizes with their point values beside it. */
export function shareCardSvg(o: {
  lang: Lang;
  title: string;
  point: number;
  coin: boolean;
  prizes: { rank: string; name: string; value: number }[];
  art: string | null;
}): string {
  const price = o.coin
    ? o.lang === 'en'
      ? `${o.point.toLocaleString('en-US')} coins / draw`
      : `1回 ${o.point.toLocaleString('ja-JP')}コイン`
    : o.lang === 'en'
      ? `${o.point.toLocaleString('en-US')} P / draw`
      : `1回 ${o.point.toLocaleString('ja-JP')}P`;
  const heading = o.lang === 'en' ? 'TOP PRIZES' : '目玉賞品';
  const value = (n: number) =>
    o.lang === 'en' ? `${n.toLocaleString('en-US')} P` : `${n.toLocaleString('ja-JP')}P相当`;
  const font = SHARE_FONT;
  const rows = o.prizes
    .map(
      (p, i) => `
  <g transform="translate(640 ${306 + i * 88})">
    <rect width="520" height="72" rx="14" fill="#ffffff" fill-opacity="0.08" stroke="#ffcf4a" stroke-opacity="0.5"/>
    <text x="20" y="47" ${font} font-size="30" font-weight="900" fill="#ffcf4a">${escapeHtml(p.rank)}</text>
    <text x="62" y="33" ${font} font-size="24" font-weight="700" fill="#ffffff">${escapeHtml(clip(p.name, 19))}</text>
    <text x="62" y="60" ${font} font-size="20" fill="#ffe38a">${escapeHtml(value(p.value))}</text>
  </g>`,
    )
    .join('');
  // The art is 16:9 (the demo's banners); shown whole.
  const art = o.art
    ? `<image x="40" y="150" width="560" height="315" href="${o.art}" preserveAspectRatio="xMidYMid meet" clip-path="url(#artClip)"/>`
    : `<rect x="40" y="150" width="560" height="315" rx="24" fill="url(#holo)"/>`;
  const title = wrapText(o.title, 15)
    .map(
      (line, i) =>
        `<text x="640" y="${130 + i * 46}" ${font} font-size="36" font-weight="900" fill="#ffffff">${escapeHtml(line)}</text>`,
    )
    .join('');
  return shareFrame(
    o.lang,
    `<linearGradient id="holo" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7cf3ff"/><stop offset="0.5" stop-color="#b69cff"/><stop offset="1" stop-color="#ff9bd2"/></linearGradient>
    <clipPath id="artClip"><rect x="40" y="150" width="560" height="315" rx="24"/></clipPath>`,
    `${art}
  ${title}
  <text x="640" y="228" ${font} font-size="28" font-weight="700" fill="#ff9bd2">${escapeHtml(price)}</text>
  <text x="640" y="282" ${font} font-size="24" font-weight="900" fill="#c9cdf0" letter-spacing="4">${heading}</text>${rows}`,
  );
}

/**
 * GET /share/pack/:id.png?lang=: the pack's share image (issue 13, section 3), a PNG drawn by sharp from the SVG
 * above. Kept in memory per pack and language (a lineup never changes after publication) and cached by clients.
 */
export const shareImages: FastifyPluginAsync<{ root?: string }> = async (app, { root }) => {
  const ctx: AppContext = app.ctx;
  const cached = pngCache();

  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>('/share/pack/:file', async (request, reply) => {
    const m = /^(\d{1,15})\.png$/.exec(request.params.file);
    const lang: Lang = request.query.lang === 'en' ? 'en' : 'ja';
    if (!m) return sendSharePng(reply, null);
    const packId = Number(m[1]);
    const png = await cached(`${packId}:${lang}`, async () => {
      const { pack } = await loadPack(ctx, packId).catch(() => ({ pack: null }));
      if (!pack) return null;
      const lineup = await loadLineup(ctx, packId);
      const svg = shareCardSvg({
        lang,
        title: packName(pack, lang),
        point: pack.point,
        coin: pack.payment_method === '2',
        prizes: topPrizes(lineup).map((c) => ({ rank: c.rank, name: cardName(c, lang), value: c.buy_point })),
        art: await artDataUri(root, pack.eye_catch || pack.images[0] || ''),
      });
      return sharePng(svg);
    });
    return sendSharePng(reply, png);
  });
};
