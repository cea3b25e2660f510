import type { FastifyPluginAsync } from 'fastify';
import type { Lang, Rank } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { cardName, packName } from '../../presenters/pack.ts';
import { loadPack } from '../../services/packs/pack-catalog.ts';
import { loadSharedHit } from '../../services/packs/hit-share.ts';
import { escapeHtml } from '../../http/html-escape.ts';
import { artDataUri, pngCache, SHARE_FONT, sendSharePng, shareFrame, sharePng, wrapText } from './share-image.ts';

/** The frame colour of a rank: gold foil for S, silver for A, blue and grey for the rest (as the reveal glows). */
const RANK_COLOUR: Record<Rank, [string, string]> = {
  S: ['#fff3b0', '#ffb800'],
  A: ['#ffffff', '#9fb3e6'],
  B: ['#7fd0ff', '#1f6fd6'],
  C: ['#c9cdf0', '#5d6fb0'],
};

/** A hit as SVG: the card's picture large on the left, the prize, its name, its value and the pack beside it. */
export function hitCardSvg(o: {
  lang: Lang;
  rank: Rank;
  card: string;
  value: number;
  pack: string;
  image: string | null;
}): string {
  const font = SHARE_FONT;
  const [light, deep] = RANK_COLOUR[o.rank];
  const call = o.lang === 'en' ? `${o.rank} PRIZE HIT!` : `${o.rank}賞 ゲット！`;
  const value =
    o.lang === 'en' ? `Worth ${o.value.toLocaleString('en-US')} P` : `${o.value.toLocaleString('ja-JP')}P相当`;
  const from = o.lang === 'en' ? 'FROM' : '収録パック';
  const picture = o.image
    ? `<image x="70" y="95" width="330" height="462" href="${o.image}" preserveAspectRatio="xMidYMid slice" clip-path="url(#cardClip)"/>`
    : `<rect x="70" y="95" width="330" height="462" rx="18" fill="url(#foil)"/>`;
  const lines = (text: string, max: number, x: number, y: number, step: number, attrs: string) =>
    wrapText(text, max).map((l, i) => `<text x="${x}" y="${y + i * step}" ${font} ${attrs}>${escapeHtml(l)}</text>`);
  const name = lines(o.card, 15, 460, 252, 54, 'font-size="44" font-weight="900" fill="#ffffff"');
  // The value and the pack follow the name's last line, so a one-line name leaves no gap.
  const below = 252 + (name.length - 1) * 54;
  return shareFrame(
    o.lang,
    `<linearGradient id="foil" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></linearGradient>
    <clipPath id="cardClip"><rect x="70" y="95" width="330" height="462" rx="18"/></clipPath>`,
    `<rect x="58" y="83" width="354" height="486" rx="26" fill="url(#foil)"/>
  ${picture}
  <text x="460" y="170" ${font} font-size="64" font-weight="900" fill="url(#foil)">${escapeHtml(call)}</text>
  ${name.join('')}
  <text x="460" y="${below + 66}" ${font} font-size="32" font-weight="700" fill="#ffe38a">${escapeHtml(value)}</text>
  <text x="460" y="${below + 146}" ${font} font-size="20" font-weight="900" fill="#c9cdf0" letter-spacing="4">${from}</text>
  ${lines(o.pack, 24, 460, below + 186, 38, 'font-size="28" font-weight="700" fill="#ff9bd2"').join('')}`,
  );
}

/**
 * GET /share/hit/:key.png?lang=: the share image of one drawn card (issue 13, section 3), addressed by the signed
 * key only its drawer is given (services/packs/hit-share.ts); an unsigned, altered or unknown key is not found.
 * Drawn once per card and language and cached by clients like the pack's image.
 */
export const hitShareImages: FastifyPluginAsync<{ root?: string }> = async (app, { root }) => {
  const ctx: AppContext = app.ctx;
  const cached = pngCache();
  app.get<{ Params: { file: string }; Querystring: { lang?: string } }>('/share/hit/:file', async (request, reply) => {
    const key = /^(.{1,64})\.png$/.exec(request.params.file)?.[1];
    const lang: Lang = request.query.lang === 'en' ? 'en' : 'ja';
    const hit = await loadSharedHit(ctx, key);
    if (!hit) return sendSharePng(reply, null);
    const png = await cached(`${hit.history_id}:${lang}`, async () => {
      const { pack } = await loadPack(ctx, Number(hit.pack_id));
      return sharePng(
        hitCardSvg({
          lang,
          rank: hit.rank,
          card: cardName(hit, lang),
          value: hit.buy_point,
          pack: packName(pack, lang),
          image: await artDataUri(root, hit.image_url),
        }),
      );
    });
    return sendSharePng(reply, png);
  });
};
