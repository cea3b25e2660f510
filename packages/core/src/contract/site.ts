import type { PageObject } from '../pagination.ts';

/** `GET /api/user/banner`: the top carousel shows only when mode is '1'; link_url opens in a new tab. */
export interface BannerItem {
  /** The image of the caller's language: the English one on English pages when there is one, else the Japanese. */
  file_name: string;
  link_url: string;
  /** What the image says, in the same language as the image ('' when the shop gave none). */
  alt: string;
  /**
   * Words the page prints over the picture, in the caller's language ('' when the picture carries its own words):
   * a banner drawn without lettering (issue 24 §3). The image is then decorative and the caption names the link.
   */
  caption?: string;
}
export interface BannerReply {
  mode: '0' | '1';
  list: BannerItem[];
}

/** `GET|POST /api/user/post/list[/{page}]`: community posts, newest first (spec section 3). */
export interface CommunityPost {
  id: number;
  /** title, content and images are the caller's language where the post has an English version, else Japanese. */
  title: string;
  lastName: string;
  firstName: string;
  /** Asia/Tokyo, `YYYY-MM-DD HH:mm:ss`. */
  created: string;
  content: string;
  /** Image paths or URLs, possibly empty. */
  images: string[];
}
export interface PostListReply {
  list: CommunityPost[];
  page: PageObject;
}

/** `GET /api/user/card_type`: the card games, named in the caller's language. */
export interface CardTypeItem {
  id: number;
  name: string;
  coming_soon: '0' | '1';
}
export interface CardTypeReply {
  list: CardTypeItem[];
}

/**
 * `GET /api/user/pack/share/{history_id}` (the member's own drawn card): what sharing that hit needs. `url` is the
 * pack's page carrying the hit (chat apps show the card from its Open Graph tags), `image` the card's PNG; both
 * are paths on this shop.
 */
export interface HitShareReply {
  key: string;
  url: string;
  image: string;
}
