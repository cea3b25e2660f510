import { packPageDescription, packPageTitle, pageMeta, type Lang } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { cardName, packName } from '../../presenters/pack.ts';
import { hitShareImagePath, loadSharedHit } from '../../services/packs/hit-share.ts';
import { loadPack } from '../../services/packs/pack-catalog.ts';
import { escapeHtml } from '../../http/html-escape.ts';
import { SHARE_HEIGHT, SHARE_WIDTH, shareImagePath } from './share-image.ts';

/** What a page's HTML says about it before any JavaScript runs (crawlers, chat apps, the first paint). */
export interface PageMeta {
  title: string;
  description: string;
  /** Path on this shop, e.g. /pack-detail?packId=1; made absolute under PUBLIC_URL. */
  canonicalPath: string;
  /** Path or URL of the share image; none for the top page. */
  image?: string;
}

export { escapeHtml };

/** An absolute URL under PUBLIC_URL (share cards and canonical links must not be relative). */
export function absoluteUrl(ctx: AppContext, pathOrUrl: string): string {
  return new URL(pathOrUrl, ctx.config.publicUrl.replace(/\/?$/, '/')).toString();
}

/**
 * The top page. Its first picture is preloaded by the page itself: the server's React render asks for the first
 * banner and the first pack at high priority (apps/web ImageCarousel's FirstImageLoad).
 */
export function topPageMeta(lang: Lang): PageMeta {
  return { title: pageMeta[lang].topTitle, description: pageMeta[lang].topDescription, canonicalPath: '/' };
}

/**
 * A pack's page: its name, its own description (or a standard line), and its art as the share image. Null for an
 * id that is not a pack; the SPA then shows its not-found message under the shop's default texts.
 */
export async function packPageMeta(
  ctx: AppContext,
  lang: Lang,
  rawId: string | undefined,
  rawHit?: string,
): Promise<PageMeta | null> {
  if (!rawId || !/^\d{1,15}$/.test(rawId)) return null;
  const packId = Number(rawId);
  const { pack } = await loadPack(ctx, packId).catch(() => ({ pack: null }));
  if (!pack) return null;
  const name = packName(pack, lang);
  // A card drawn from its art and top prizes (share-image.ts), in the page's language.
  const image = shareImagePath(packId, lang);
  // A shared hit (?hit=, services/packs/hit-share.ts): the page says which card was pulled and shows it.
  const hit = rawHit ? await loadSharedHit(ctx, rawHit).catch(() => null) : null;
  if (hit && Number(hit.pack_id) === packId) {
    return {
      title: hitPageTitle(lang, cardName(hit, lang), name),
      description: packPageDescription(lang, name, pack.point, lang === 'en' ? pack.detail_en : pack.detail_ja),
      canonicalPath: `/pack-detail?packId=${packId}`,
      image: hitShareImagePath(rawHit!, lang),
    };
  }
  return {
    title: packPageTitle(lang, name),
    description: packPageDescription(lang, name, pack.point, lang === 'en' ? pack.detail_en : pack.detail_ja),
    canonicalPath: `/pack-detail?packId=${packId}`,
    image,
  };
}

/** A shared hit's title: the card pulled, then the pack's own title. */
const hitPageTitle = (lang: Lang, card: string, pack: string) =>
  lang === 'en'
    ? `I pulled ${card}! | ${packPageTitle(lang, pack)}`
    : `「${card}」を引き当てました！ | ${packPageTitle(lang, pack)}`;

/** The head tags for `meta`: description, canonical, Open Graph and the X card. */
export function metaTags(ctx: AppContext, lang: Lang, meta: PageMeta): string {
  const url = absoluteUrl(ctx, meta.canonicalPath);
  const tag = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const tags = [
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    tag('property', 'og:type', 'website'),
    tag('property', 'og:site_name', pageMeta[lang].shopName),
    tag('property', 'og:locale', lang === 'en' ? 'en_US' : 'ja_JP'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', url),
    tag('name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'),
    tag('name', 'twitter:title', meta.title),
    tag('name', 'twitter:description', meta.description),
  ];
  if (meta.image) {
    const image = absoluteUrl(ctx, meta.image);
    tags.push(tag('property', 'og:image', image), tag('name', 'twitter:image', image));
    if (meta.image.startsWith('/share/')) {
      tags.push(
        tag('property', 'og:image:width', String(SHARE_WIDTH)),
        tag('property', 'og:image:height', String(SHARE_HEIGHT)),
        tag('property', 'og:image:alt', meta.title),
      );
    }
  }
  return tags.join('\n    ');
}
