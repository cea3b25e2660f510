import type { BannerInput, CardTypeInput, CouponInput, PointCourseInput, PostInput } from '@oripa/core/admin';
import { insertReturningId, many, maybeOne, type Queryable } from '../queryable.ts';
import type { CouponRow } from './coupons.ts';

/** The console's content tables: banners, posts, card types, point courses, coupons (with their use figures). */

export interface AdminBannerRow {
  id: number;
  file_name: string;
  file_name_en: string;
  link_url: string;
  alt: string;
  alt_en: string;
  caption: boolean;
  sort: number;
  active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
}

export const listAllBanners = (db: Queryable) =>
  many<AdminBannerRow>(
    db,
    'SELECT id, file_name, file_name_en, link_url, alt, alt_en, caption, sort, active, starts_at, ends_at FROM banners ORDER BY sort, id',
  );

export async function insertBannerRow(db: Queryable, b: BannerInput): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO banners (file_name, link_url, alt, sort, active, starts_at, ends_at, file_name_en, alt_en, caption)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [b.file_name, b.link_url, b.alt, b.sort, b.active, b.starts_at, b.ends_at, b.file_name_en, b.alt_en, b.caption],
  );
}

/** Updates a banner; answers the row as it was (null: none). */
export async function updateBannerRow(db: Queryable, id: number, b: BannerInput): Promise<AdminBannerRow | null> {
  return maybeOne<AdminBannerRow>(
    db,
    `UPDATE banners n SET file_name = $2, link_url = $3, alt = $4, sort = $5, active = $6, starts_at = $7, ends_at = $8,
       file_name_en = $9, alt_en = $10, caption = $11
     FROM (SELECT * FROM banners WHERE id = $1 FOR UPDATE) o WHERE n.id = o.id
     RETURNING o.id, o.file_name, o.file_name_en, o.link_url, o.alt, o.alt_en, o.caption, o.sort, o.active, o.starts_at,
       o.ends_at`,
    [id, b.file_name, b.link_url, b.alt, b.sort, b.active, b.starts_at, b.ends_at, b.file_name_en, b.alt_en, b.caption],
  );
}

export async function deleteBannerRow(db: Queryable, id: number): Promise<AdminBannerRow | null> {
  return maybeOne<AdminBannerRow>(
    db,
    'DELETE FROM banners WHERE id = $1 RETURNING id, file_name, file_name_en, link_url, alt, alt_en, caption, sort, active, starts_at, ends_at',
    [id],
  );
}

export interface AdminPostRow {
  id: number;
  title: string;
  last_name: string;
  first_name: string;
  content: string;
  images: string[];
  title_en: string;
  content_en: string;
  images_en: string[];
  published_at: Date;
}

export async function listAllPosts(db: Queryable, limit: number, offset: number) {
  const rows = await many<AdminPostRow & { total: string }>(
    db,
    `SELECT id, title, last_name, first_name, content, images, title_en, content_en, images_en, published_at,
       count(*) OVER () AS total FROM posts
     ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

/** A post's Japanese columns in insert order; an empty publish time means now. */
const postValues = (p: PostInput, now: Date) =>
  [p.title, p.last_name, p.first_name, p.content, JSON.stringify(p.images), p.published_at ?? now] as const;

export async function insertPostRow(db: Queryable, p: PostInput, now: Date): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO posts (title, last_name, first_name, content, images, published_at, title_en, content_en, images_en)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [...postValues(p, now), p.title_en, p.content_en, JSON.stringify(p.images_en)],
  );
}

export async function updatePostRow(db: Queryable, id: number, p: PostInput, now: Date) {
  return maybeOne<AdminPostRow>(
    db,
    `UPDATE posts n SET title = $2, last_name = $3, first_name = $4, content = $5, images = $6, published_at = $7,
       title_en = $8, content_en = $9, images_en = $10
     FROM (SELECT * FROM posts WHERE id = $1 FOR UPDATE) o WHERE n.id = o.id
     RETURNING o.id, o.title, o.last_name, o.first_name, o.content, o.images, o.title_en, o.content_en, o.images_en,
       o.published_at`,
    [id, ...postValues(p, now), p.title_en, p.content_en, JSON.stringify(p.images_en)],
  );
}

export interface AdminCardTypeRow {
  id: number;
  name_ja: string;
  name_en: string;
  coming_soon: boolean;
  sort: number;
}

export const listAllCardTypes = (db: Queryable) =>
  many<AdminCardTypeRow>(db, 'SELECT id, name_ja, name_en, coming_soon, sort FROM card_types ORDER BY sort, id');

/**
 * Creates or changes the card type of that id; answers the row as it was (null when new). Without a sort, a new
 * type takes the next one after every other type and an existing type keeps its own.
 */
export async function upsertCardType(db: Queryable, c: CardTypeInput): Promise<AdminCardTypeRow | null> {
  const before = await maybeOne<AdminCardTypeRow>(
    db,
    'SELECT id, name_ja, name_en, coming_soon, sort FROM card_types WHERE id = $1 FOR UPDATE',
    [c.id],
  );
  await db.query(
    `INSERT INTO card_types (id, name_ja, name_en, coming_soon, sort)
     VALUES ($1, $2, $3, $4, COALESCE($5, (SELECT COALESCE(max(sort), 0) + 1 FROM card_types)))
     ON CONFLICT (id) DO UPDATE SET name_ja = $2, name_en = $3, coming_soon = $4, sort = COALESCE($5, card_types.sort)`,
    [c.id, c.name_ja, c.name_en, c.coming_soon, c.sort ?? null],
  );
  return before;
}

export interface AdminCourseRow {
  id: number;
  currency: 'point' | 'coin';
  point: number;
  price: number;
  memo: string;
  memo_en: string;
  sort: number;
  active: boolean;
  sold: number;
}

export const listAllCourses = (db: Queryable) =>
  many<AdminCourseRow>(
    db,
    `SELECT c.id, c.currency, c.point, c.price, c.memo, c.memo_en, c.sort, c.active,
       (SELECT count(*) FROM payments p WHERE p.point_course_id = c.id AND p.status = 'succeeded')::int AS sold
     FROM point_courses c ORDER BY c.currency DESC, c.sort, c.point, c.id`,
  );

export async function insertCourseRow(db: Queryable, c: PointCourseInput): Promise<number> {
  return insertReturningId(
    db,
    `INSERT INTO point_courses (point, price, memo, memo_en, sort, active, currency)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [c.point, c.price, c.memo, c.memo_en, c.sort, c.active, c.currency],
  );
}

export async function updateCourseRow(db: Queryable, id: number, c: PointCourseInput) {
  return maybeOne<Omit<AdminCourseRow, 'sold'>>(
    db,
    `UPDATE point_courses n SET point = $2, price = $3, memo = $4, memo_en = $5, sort = $6, active = $7, currency = $8
     FROM (SELECT * FROM point_courses WHERE id = $1 FOR UPDATE) o WHERE n.id = o.id
     RETURNING o.id, o.currency, o.point, o.price, o.memo, o.memo_en, o.sort, o.active`,
    [id, c.point, c.price, c.memo, c.memo_en, c.sort, c.active, c.currency],
  );
}

/** A coupon row with its use figures. */
export interface AdminCouponRow extends CouponRow {
  members: number;
  points_granted: number;
  pending: number;
}

/** Coupons with their use figures: uses, distinct members, points given, bonuses still waiting. */
export const listAllCoupons = (db: Queryable) =>
  many<AdminCouponRow>(
    db,
    `SELECT c.id, c.code, c.kind, c.point, c.bonus_percent, c.starts_at, c.ends_at, c.max_uses, c.per_member_limit,
       c.used_count, c.memo, COALESCE(u.members, 0) AS members, COALESCE(u.points, 0) AS points_granted,
       COALESCE(u.pending, 0) AS pending
     FROM coupons c LEFT JOIN LATERAL (
       SELECT count(DISTINCT member_id)::int AS members, sum(point)::bigint AS points,
         count(*) FILTER (WHERE status = 'pending')::int AS pending
       FROM coupon_uses WHERE coupon_id = c.id) u ON true
     ORDER BY c.id DESC`,
  );

/** A new coupon, or null when the code is taken (any case). */
export async function insertCouponRow(db: Queryable, c: CouponInput, now: Date): Promise<number | null> {
  const row = await maybeOne<{ id: number }>(
    db,
    `INSERT INTO coupons (code, kind, point, bonus_percent, starts_at, ends_at, max_uses, per_member_limit, memo,
       created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT DO NOTHING RETURNING id`,
    [
      c.code,
      c.kind,
      c.point,
      c.bonus_percent,
      c.starts_at,
      c.ends_at,
      c.max_uses || null,
      c.per_member_limit,
      c.memo,
      now,
    ],
  );
  return row ? Number(row.id) : null;
}

export async function findCouponIdByCode(db: Queryable, code: string): Promise<number | null> {
  const row = await maybeOne<{ id: number }>(db, 'SELECT id FROM coupons WHERE upper(code) = upper($1)', [code]);
  return row ? Number(row.id) : null;
}

export async function updateCouponRow(db: Queryable, id: number, c: CouponInput) {
  return maybeOne<Record<string, unknown>>(
    db,
    `UPDATE coupons n SET code = $2, kind = $3, point = $4, bonus_percent = $5, starts_at = $6, ends_at = $7,
       max_uses = $8, per_member_limit = $9, memo = $10
     FROM (SELECT * FROM coupons WHERE id = $1 FOR UPDATE) o WHERE n.id = o.id
     RETURNING o.id, o.code, o.kind, o.point, o.bonus_percent, o.starts_at, o.ends_at, o.max_uses,
       o.per_member_limit, o.memo`,
    [
      id,
      c.code,
      c.kind,
      c.point,
      c.bonus_percent,
      c.starts_at,
      c.ends_at,
      c.max_uses || null,
      c.per_member_limit,
      c.memo,
    ],
  );
}
