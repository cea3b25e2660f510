import { formatTokyo, type BannerItem, type CardTypeItem, type CommunityPost, type Lang } from '@oripa/core';
import type { BannerRow, CardTypeRow, PostRow } from '../db/queries/site.ts';

const imageList = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((i): i is string => typeof i === 'string') : [];

/** The English version of a field where the page is English and the shop wrote one; else the Japanese. */
const inLang = <T extends string | string[]>(lang: Lang, ja: T, en: T): T => (lang === 'en' && en.length > 0 ? en : ja);

/**
 * Wire shape of a community post (spec section 3: title, lastName, firstName, created, content, images), in the
 * caller's language: each of title, text and images falls back to the Japanese one on its own (issue 13).
 */
export const presentPost = (r: PostRow, lang: Lang): CommunityPost => ({
  id: r.id,
  title: inLang(lang, r.title, r.title_en),
  lastName: r.last_name,
  firstName: r.first_name,
  created: formatTokyo(r.published_at),
  content: inLang(lang, r.content, r.content_en),
  images: inLang(lang, imageList(r.images), imageList(r.images_en)),
});

/**
 * A banner in the caller's language: the English image with its own alt text, else the Japanese pair. A banner with a
 * caption has a picture without words: its alt text of the page's language is printed over it instead (issue 24 §3).
 */
export const presentBanner = (r: BannerRow, lang: Lang): BannerItem => {
  const english = lang === 'en' && r.file_name_en !== '';
  const alt = english ? r.alt_en || r.alt : r.alt;
  return {
    file_name: english ? r.file_name_en : r.file_name,
    link_url: r.link_url,
    alt,
    caption: r.caption ? inLang(lang, r.alt, r.alt_en) : '',
  };
};

/** Card types carry both names in the database; the caller gets the one of its language. */
export const presentCardType = (r: CardTypeRow, lang: Lang): CardTypeItem => ({
  id: r.id,
  name: lang === 'en' ? r.name_en : r.name_ja,
  coming_soon: r.coming_soon ? '1' : '0',
});
