import { pageObject, type PageObject } from '@oripa/core';
import { asc, desc, eq, lte } from 'drizzle-orm';
import type { AppContext } from '../context.ts';
import { banners, cardTypes, posts, settings } from '../db/schema/index.ts';

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

export type PostRow = Pick<
  typeof posts.$inferSelect,
  'id' | 'title' | 'lastName' | 'firstName' | 'content' | 'images' | 'publishedAt'
>;
export type BannerRow = Pick<typeof banners.$inferSelect, 'fileName' | 'linkUrl'>;
export type CardTypeRow = Pick<typeof cardTypes.$inferSelect, 'id' | 'nameJa' | 'nameEn' | 'comingSoon'>;

/**
 * One page of published community posts, newest first. A post whose publish time is still ahead stays hidden, so
 * the shop can schedule announcements. A page past the end is clamped to the last page (the pager never shows an
 * empty page).
 */
export function listPosts(ctx: AppContext, requestedPage: number): Promise<{ rows: PostRow[]; page: PageObject }> {
  return cached(ctx, `posts:${requestedPage}`, () => loadPosts(ctx, requestedPage));
}

async function loadPosts(ctx: AppContext, requestedPage: number): Promise<{ rows: PostRow[]; page: PageObject }> {
  const published = lte(posts.publishedAt, ctx.clock.now());
  const total = await ctx.db.db.$count(posts, published);
  const page = pageObject(requestedPage, total, POSTS_PER_PAGE);
  const rows = await ctx.db.db
    .select({
      id: posts.id,
      title: posts.title,
      lastName: posts.lastName,
      firstName: posts.firstName,
      content: posts.content,
      images: posts.images,
      publishedAt: posts.publishedAt,
    })
    .from(posts)
    .where(published)
    .orderBy(desc(posts.publishedAt), desc(posts.id))
    .limit(POSTS_PER_PAGE)
    .offset((page.page - 1) * POSTS_PER_PAGE);
  return { rows, page };
}

/** The carousel mode (settings key 'banner_mode'; anything but '1' means off) and the active banners in order. */
export function loadBanners(ctx: AppContext): Promise<{ mode: '0' | '1'; rows: BannerRow[] }> {
  return cached(ctx, 'banners', async () => {
    const [mode, rows] = await Promise.all([
      ctx.db.db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'banner_mode')),
      ctx.db.db
        .select({ fileName: banners.fileName, linkUrl: banners.linkUrl })
        .from(banners)
        .where(eq(banners.active, true))
        .orderBy(asc(banners.sort), asc(banners.id)),
    ]);
    return { mode: mode[0]?.value === '1' ? '1' : '0', rows };
  });
}

export function listCardTypes(ctx: AppContext): Promise<CardTypeRow[]> {
  return cached(ctx, 'cardTypes', () =>
    ctx.db.db
      .select({
        id: cardTypes.id,
        nameJa: cardTypes.nameJa,
        nameEn: cardTypes.nameEn,
        comingSoon: cardTypes.comingSoon,
      })
      .from(cardTypes)
      .orderBy(asc(cardTypes.sort), asc(cardTypes.id)),
  );
}
