import { many, type Queryable, oneNumber } from '../queryable.ts';

/** Site content of the top page: community posts, carousel banners, card types. */

export interface PostRow {
  id: number;
  title: string;
  last_name: string;
  first_name: string;
  content: string;
  /** jsonb; meant to be a list of image paths, but rows edited by hand may hold anything. */
  images: unknown;
  /** The English version ('' / [] where there is none: English pages then show the Japanese). */
  title_en: string;
  content_en: string;
  images_en: unknown;
  published_at: Date;
}

export interface BannerRow {
  file_name: string;
  link_url: string;
  alt: string;
  /** The English version ('' where there is none). */
  file_name_en: string;
  alt_en: string;
  /** The picture has no words: the page prints the alt text over it (migration 0038). */
  caption: boolean;
}

export interface CardTypeRow {
  id: number;
  name_ja: string;
  name_en: string;
  coming_soon: boolean;
}

/** Posts published at or before `now` (a later publish time schedules a post). */
export async function countPublishedPosts(db: Queryable, now: Date): Promise<number> {
  return oneNumber(db, 'SELECT count(*) AS count FROM posts WHERE published_at <= $1', [now]);
}

/** One page of published posts, newest first (id breaks ties). */
export async function listPublishedPosts(db: Queryable, now: Date, limit: number, offset: number): Promise<PostRow[]> {
  return many<PostRow>(
    db,
    `SELECT id, title, last_name, first_name, content, images, title_en, content_en, images_en, published_at FROM posts
     WHERE published_at <= $1 ORDER BY published_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [now, limit, offset],
  );
}

/** The active banners in carousel order, within their schedule (migration 0008's starts_at / ends_at). */
export async function listActiveBanners(db: Queryable, now: Date): Promise<BannerRow[]> {
  return many<BannerRow>(
    db,
    `SELECT file_name, link_url, alt, file_name_en, alt_en, caption FROM banners WHERE active = true
       AND (starts_at IS NULL OR starts_at <= $1) AND (ends_at IS NULL OR ends_at > $1)
     ORDER BY sort, id`,
    [now],
  );
}

export async function listCardTypes(db: Queryable): Promise<CardTypeRow[]> {
  return many<CardTypeRow>(db, 'SELECT id, name_ja, name_en, coming_soon FROM card_types ORDER BY sort, id');
}

/** Card types have fixed ids (packs name them); an existing id is left alone. */
export async function insertCardTypeIfAbsent(db: Queryable, t: CardTypeRow & { sort: number }): Promise<void> {
  await db.query(
    `INSERT INTO card_types (id, name_ja, name_en, coming_soon, sort) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (id) DO NOTHING`,
    [t.id, t.name_ja, t.name_en, t.coming_soon, t.sort],
  );
}

export async function insertBanner(db: Queryable, b: BannerRow & { sort: number }): Promise<void> {
  await db.query(
    'INSERT INTO banners (file_name, link_url, alt, file_name_en, alt_en, caption, sort) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [b.file_name, b.link_url, b.alt, b.file_name_en, b.alt_en, b.caption, b.sort],
  );
}

export async function insertPost(
  db: Queryable,
  p: Omit<PostRow, 'id' | 'images' | 'images_en'> & { images: string[]; images_en: string[] },
): Promise<void> {
  await db.query(
    `INSERT INTO posts (title, last_name, first_name, content, images, title_en, content_en, images_en, published_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      p.title,
      p.last_name,
      p.first_name,
      p.content,
      JSON.stringify(p.images),
      p.title_en,
      p.content_en,
      JSON.stringify(p.images_en),
      p.published_at,
    ],
  );
}
