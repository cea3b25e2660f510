import { pageObject, type PageObject } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { PromiseCache } from '../promise-cache.ts';
import { findSetting } from '../db/queries/settings.ts';
import {
  countPublishedPosts,
  listActiveBanners,
  listCardTypes as selectCardTypes,
  listPublishedPosts,
  type BannerRow,
  type CardTypeRow,
  type PostRow,
} from '../db/queries/site.ts';

/** Community posts per page of the top page's list. */
export const POSTS_PER_PAGE = 5;

/**
 * Every visitor of the top page asks for the same banners, posts and card types, and on launch day that is a
 * crowd. Answers are kept for a short moment per instance (and concurrent misses share one query), so the
 * database sees a few queries a second instead of one per visitor; an edit shows within SITE_CACHE_MS.
 */
export const SITE_CACHE_MS = 2000;

/** This instance's site-content answers by key ('banners', 'posts:3', ...). */
export type SiteCache = PromiseCache<string, unknown>;

// Page numbers come from the address: the bound keeps junk page numbers from growing the map without end.
export const createSiteCache = (): SiteCache => new PromiseCache(SITE_CACHE_MS, 500);

function cached<T>(ctx: AppContext, key: string, load: () => Promise<T>): Promise<T> {
  return ctx.siteCache.get(key, load) as Promise<T>;
}

/** Forgets the instance's cached site content (after an edit, and in tests that change rows directly). */
export function clearSiteContentCache(ctx: Pick<AppContext, 'siteCache'>) {
  ctx.siteCache.clear();
}

/**
 * One page of published community posts, newest first. A post whose publish time is still ahead stays hidden, so
 * the shop can schedule announcements. A page past the end is clamped to the last page (the pager never shows an
 * empty page).
 */
export function listPosts(ctx: AppContext, requestedPage: number): Promise<{ rows: PostRow[]; page: PageObject }> {
  return cached(ctx, `posts:${requestedPage}`, async () => {
    const now = ctx.clock.now();
    const page = pageObject(requestedPage, await countPublishedPosts(ctx.db.pool, now), POSTS_PER_PAGE);
    const rows = await listPublishedPosts(ctx.db.pool, now, POSTS_PER_PAGE, (page.page - 1) * POSTS_PER_PAGE);
    return { rows, page };
  });
}

/** The carousel mode (settings key 'banner_mode'; anything but '1' means off) and the active banners in order. */
export function loadBanners(ctx: AppContext): Promise<{ mode: '0' | '1'; rows: BannerRow[] }> {
  return cached(ctx, 'banners', async () => {
    const [mode, rows] = await Promise.all([
      findSetting(ctx.db.pool, 'banner_mode'),
      listActiveBanners(ctx.db.pool, ctx.clock.now()),
    ]);
    return { mode: mode === '1' ? '1' : '0', rows };
  });
}

export function listCardTypes(ctx: AppContext): Promise<CardTypeRow[]> {
  return cached(ctx, 'cardTypes', () => selectCardTypes(ctx.db.pool));
}
