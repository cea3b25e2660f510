import { pageObject, type PageObject } from '@oripa/core';
import type { AppContext } from '../context.ts';

/** Community posts per page of the top page's list. */
export const POSTS_PER_PAGE = 5;

/**
 * Every visitor of the top page asks for the same banners, posts and card types, and on launch day that is a
 * crowd. Answers are kept for a short moment per instance (and concurrent misses share one query), so the
 * database sees a few queries a second instead of one per visitor; an edit shows within SITE_CACHE_MS.
 */
export const SITE_CACHE_MS = 2000;
const cache = new Map<string, { at: number; pool: unknown; value: Promise<unknown> }>();

function cached<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.pool === ctx.db.pool && now - hit.at < SITE_CACHE_MS) return hit.value as Promise<T>;
  const value = load();
  // Page numbers come from the address: bound the map so junk page numbers cannot grow it without end.
  if (cache.size >= 500) cache.clear();
  cache.set(key, { at: now, pool: ctx.db.pool, value });
  // A failed load is not kept: the next caller tries again.
  value.catch(() => cache.delete(key));
  return value;
}

/** Forgets cached site content (after an edit, and in tests that change rows directly). */
export function clearSiteContentCache() {
  cache.clear();
}

export interface PostRow {
  id: number;
  title: string;
  last_name: string;
  first_name: string;
  content: string;
  images: string[];
  published_at: Date;
}

export interface BannerRow {
  file_name: string;
  link_url: string;
}

export interface CardTypeRow {
  id: number;
  name_ja: string;
  name_en: string;
  coming_soon: boolean;
}

/**
 * One page of published community posts, newest first. A post whose publish time is still ahead stays hidden, so
 * the shop can schedule announcements. A page past the end is clamped to the last page (the pager never shows an
 * empty page).
 */
export function listPosts(ctx: AppContext, requestedPage: number): Promise<{ rows: PostRow[]; page: PageObject }> {
  return cached(ctx, `posts:${requestedPage}`, () => loadPosts(ctx, requestedPage));
}

async function loadPosts(ctx: AppContext, requestedPage: number): Promise<{ rows: PostRow[]; page: PageObject }> {
  const now = ctx.clock.now();
  const { rows: countRows } = await ctx.db.pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM posts WHERE published_at <= $1',
    [now],
  );
  const page = pageObject(requestedPage, countRows[0]?.n ?? 0, POSTS_PER_PAGE);
  const { rows } = await ctx.db.pool.query<PostRow>(
    `SELECT id, title, last_name, first_name, content, images, published_at FROM posts
     WHERE published_at <= $1 ORDER BY published_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [now, POSTS_PER_PAGE, (page.page - 1) * POSTS_PER_PAGE],
  );
  return { rows, page };
}

/** The carousel mode (settings key 'banner_mode'; anything but '1' means off) and the active banners in order. */
export function loadBanners(ctx: AppContext): Promise<{ mode: '0' | '1'; rows: BannerRow[] }> {
  return cached(ctx, 'banners', async () => {
    const [mode, banners] = await Promise.all([
      ctx.db.pool.query<{ value: string }>("SELECT value FROM settings WHERE key = 'banner_mode'"),
      ctx.db.pool.query<BannerRow>('SELECT file_name, link_url FROM banners WHERE active ORDER BY sort, id'),
    ]);
    return { mode: mode.rows[0]?.value === '1' ? '1' : '0', rows: banners.rows };
  });
}

export function listCardTypes(ctx: AppContext): Promise<CardTypeRow[]> {
  return cached(ctx, 'cardTypes', async () => {
    const { rows } = await ctx.db.pool.query<CardTypeRow>(
      'SELECT id, name_ja, name_en, coming_soon FROM card_types ORDER BY sort, id',
    );
    return rows;
  });
}
