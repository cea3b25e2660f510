import type { Lang } from './messages.ts';

/**
 * The texts of the two pages the server also writes into the HTML itself (the top page and a pack's page), for
 * crawlers and chat apps that run no JavaScript; the SPA shows the same ones, so both places always agree.
 * Every other route's title and description is in the web's locale catalogues (titles, meta).
 */
export const pageMeta = {
  ja: {
    shopName: 'キラキラオリパ',
    topTitle: 'キラキラオリパ｜オンラインオリパ',
    topDescription:
      'キラキラオリパはトレカのオンラインオリパ。人気カードが当たるガチャを毎日販売中。当選は公平性の証明つき、獲得カードはご自宅へ発送します。',
    packDescription: '{{name}}｜1回{{point}}ポイント。ラインナップと残り枚数をチェックして今すぐ挑戦！',
  },
  en: {
    shopName: 'KIRAKIRA ORIPA',
    topTitle: 'KIRAKIRA ORIPA | Online oripa',
    topDescription:
      'KIRAKIRA ORIPA is an online trading-card oripa shop: new packs every day, provably fair draws, and the cards you win shipped to your home.',
    packDescription: '{{name}}: {{point}} points per draw. See the lineup and what is left, then try your luck!',
  },
} as const satisfies Record<Lang, Record<string, string>>;

export type PageMetaTexts = (typeof pageMeta)[Lang];

/** A pack page's title: the pack's name, then the shop's. */
export const packPageTitle = (lang: Lang, name: string) => `${name} | ${pageMeta[lang].shopName}`;

/** A pack page's description: the pack's own text when it has one (first 120 characters), else a standard line. */
export function packPageDescription(lang: Lang, name: string, point: number, detail: string | null | undefined) {
  const own = (detail ?? '').replace(/\s+/g, ' ').trim();
  if (own) return own.length > 120 ? `${own.slice(0, 119)}…` : own;
  return pageMeta[lang].packDescription.replace('{{name}}', name).replace('{{point}}', point.toLocaleString('en-US'));
}
