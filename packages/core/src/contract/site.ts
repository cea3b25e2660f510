import type { PageObject } from '../pagination.ts';

/** `GET /api/user/banner`: the top carousel shows only when mode is '1'; link_url opens in a new tab. */
export interface BannerItem {
  file_name: string;
  link_url: string;
}
export interface BannerReply {
  mode: '0' | '1';
  list: BannerItem[];
}

/** `GET|POST /api/user/post/list[/{page}]`: community posts, newest first (spec section 3). */
export interface CommunityPost {
  id: number;
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
