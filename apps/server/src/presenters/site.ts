import { formatTokyo, type BannerItem, type CardTypeItem, type CommunityPost, type Lang } from '@oripa/core';
import type { BannerRow, CardTypeRow, PostRow } from '../db/queries/site.ts';

/** Wire shape of a community post (spec section 3: title, lastName, firstName, created, content, images). */
export const presentPost = (r: PostRow): CommunityPost => ({
  id: r.id,
  title: r.title,
  lastName: r.last_name,
  firstName: r.first_name,
  created: formatTokyo(r.published_at),
  content: r.content,
  images: Array.isArray(r.images) ? r.images.filter((i): i is string => typeof i === 'string') : [],
});

export const presentBanner = (r: BannerRow): BannerItem => ({ file_name: r.file_name, link_url: r.link_url });

/** Card types carry both names in the database; the caller gets the one of its language. */
export const presentCardType = (r: CardTypeRow, lang: Lang): CardTypeItem => ({
  id: r.id,
  name: lang === 'en' ? r.name_en : r.name_ja,
  coming_soon: r.coming_soon ? '1' : '0',
});
