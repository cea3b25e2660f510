import { formatTokyo, type BannerItem, type CardTypeItem, type CommunityPost, type Lang } from '@oripa/core';
import type { BannerRow, CardTypeRow, PostRow } from '../services/site-content.ts';

/** Wire shape of a community post (spec section 3: title, lastName, firstName, created, content, images). */
export const presentPost = (r: PostRow): CommunityPost => ({
  id: r.id,
  title: r.title,
  lastName: r.lastName,
  firstName: r.firstName,
  created: formatTokyo(r.publishedAt),
  content: r.content,
  images: Array.isArray(r.images) ? r.images.filter((i): i is string => typeof i === 'string') : [],
});

export const presentBanner = (r: BannerRow): BannerItem => ({ file_name: r.fileName, link_url: r.linkUrl });

/** Card types carry both names in the database; the caller gets the one of its language. */
export const presentCardType = (r: CardTypeRow, lang: Lang): CardTypeItem => ({
  id: r.id,
  name: lang === 'en' ? r.nameEn : r.nameJa,
  coming_soon: r.comingSoon ? '1' : '0',
});
