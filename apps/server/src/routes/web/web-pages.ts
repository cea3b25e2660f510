import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '@oripa/core';
import { crawlerFiles } from './crawler-files.ts';
import { firstPaint, type FirstPaintLayout } from '../../http/first-paint.ts';
import { memberFirstPaint, readFirstPaintStrings } from './first-paint-member.ts';
import { shareImages } from './share-image.ts';
import { hitShareImages } from './hit-share-image.ts';
import { IndexHtml } from '../../http/index-html.ts';
import { requestLanguage } from '../../http/language.ts';
import { escapeHtml, metaTags, packPageMeta, topPageMeta, type PageMeta } from './page-meta.ts';
import { handOutPageSession } from '../../http/page-session.ts';
import { loadMember } from '../../services/members.ts';
import { findSessionMember } from '../../services/sessions.ts';

/** What a visit starting on one of these pages fetches first: its lazy route chunks and its API reads. */
interface EntryRoute {
  /** Modules of apps/web whose chunks (from the build manifest) are preloaded with the entry. */
  sources: string[];
  /** The GETs (under /api) the page sends as soon as it renders, fetched while its code still loads. */
  reads: (query: Record<string, string | undefined>) => string[];
  /** Modules of the page a visitor most likely opens next, prefetched (index-html.ts). */
  next?: string[];
  /** The page's picture shown before its code runs (first-paint.ts), for pages whose meta names one. */
  firstPaint?: FirstPaintLayout;
  /**
   * A member's page: a guest (a crawler always is one) is sent to the login page by the server, which then brings
   * them back, instead of getting the SPA to redirect. So the page needs no robots.txt rule: nothing of it can be
   * indexed, and a Disallow only kept Lighthouse's and search engines' checks from seeing that (issue 13, SEO).
   */
  members?: boolean;
}

const ID = /^\d{1,15}$/;
const ENTRY_ROUTES: Record<string, EntryRoute> = {
  '/': {
    sources: [],
    // Most visits go from the top page to a pack.
    next: ['src/pages/pack/PackDetailPage.tsx'],
    firstPaint: 'top',
    reads: () => ['/user/point', '/user/card_type', '/user/banner', '/user/pack/list', '/user/post/list'],
  },
  '/pack-detail': {
    sources: ['src/pages/pack/PackDetailPage.tsx'],
    firstPaint: 'pack',
    reads: (q) => ['/user/point', ...(q.packId && ID.test(q.packId) ? [`/user/pack/detail/${q.packId}`] : [])],
  },
  '/pack-list': { sources: ['src/pages/pack/PackListPage.tsx'], reads: () => ['/user/point'] },
  '/my-page': {
    sources: ['src/pages/account/MyPage.tsx'],
    reads: () => ['/user/point', '/user/detail'],
    members: true,
  },
  '/login': { sources: ['src/pages/account/LoginPage.tsx'], reads: () => ['/user/point'] },
};

/**
 * A preload the SPA's own fetch (api/client.ts: same-origin GET, credentials same-origin) picks up: as=fetch with
 * crossorigin (anonymous) is that same request mode, so the reply is used instead of asked for again.
 */
const readPreload = (apiPath: string) =>
  `<link rel="preload" as="fetch" crossorigin href="/api${escapeHtml(apiPath)}" />`;

/** The SPA's own choice of language (its cookie), which decides the catalogue it fetches first. */
const spaLanguage = (request: FastifyRequest): Lang => (request.cookies?.lang === 'en' ? 'en' : 'ja');

/**
 * Pages whose HTML says what they are before any JavaScript runs (issue 13, section 3): `/` and
 * `/pack-detail?packId=` carry their title, description, canonical link and Open Graph / X card tags in the
 * language of the request (cookie, then Accept-Language, Japanese by default); the entry routes preload their
 * code and API reads; robots.txt and sitemap.xml are real files. Registered by app.ts when it serves the built SPA.
 */
export const webPages: FastifyPluginAsync<{ root: string }> = async (app, { root }) => {
  const ctx = app.ctx;
  const index = new IndexHtml(root);
  const paintStrings = readFirstPaintStrings(root);

  /**
   * A member's page drawn by the server (first-paint-member.ts), in the SPA's language: the member's own data,
   * so the reply is never stored by any cache. Null when the member cannot be read; the SPA then draws it alone.
   */
  async function memberPaint(memberId: number, lang: Lang): Promise<string | null> {
    if (!paintStrings) return null;
    const member = await loadMember(ctx, memberId).catch(() => null);
    return member && memberFirstPaint(paintStrings, lang, member);
  }

  async function meta(path: string, query: Record<string, string | undefined>, lang: Lang): Promise<PageMeta | null> {
    if (path === '/') return topPageMeta(ctx, lang, query.type);
    if (path === '/pack-detail') return packPageMeta(ctx, lang, query.packId, query.hit);
    return null;
  }

  for (const [path, route] of Object.entries(ENTRY_ROUTES)) {
    app.get(path, async (request, reply: FastifyReply) => {
      // When the session cannot be read (database down) the page is served and the SPA shows the shop as down.
      const query = request.query as Record<string, string | undefined>;
      const session = await handOutPageSession(ctx, request, reply, findSessionMember);
      if (route.members && session && session.memberId === null) {
        reply.header('cache-control', 'no-store');
        // As the SPA's route guard does (RouteGuard.tsx): a pack to go on to after login wins over the way back.
        const login = query.packId
          ? `/login?packId=${encodeURIComponent(query.packId)}`
          : `/login?from=${encodeURIComponent(request.url)}`;
        return reply.redirect(login, 302);
      }
      const lang = requestLanguage(request);
      const page = await meta(path, query, lang);
      // The API answers in the request's language; the SPA reads in its own (cookie, else Japanese). A reply
      // fetched now is only of use when the two agree (not for an English browser on its first visit).
      const reads = lang === spaLanguage(request) ? route.reads(query) : [];
      const ownPaint =
        route.members && session?.memberId ? await memberPaint(session.memberId, spaLanguage(request)) : null;
      const paint = ownPaint ?? (route.firstPaint && firstPaint(route.firstPaint, page?.heroImage));
      const html = index.render({
        lang,
        catalogue: spaLanguage(request),
        ...(page ? { title: escapeHtml(page.title) } : {}),
        head: [...(page ? [metaTags(ctx, lang, page)] : []), ...reads.map(readPreload)],
        routeSources: route.sources,
        ...(route.next ? { nextSources: route.next } : {}),
        ...(paint ? { firstPaint: paint, firstPaintUsesRouteStyles: ownPaint !== null } : {}),
      });
      // As app.ts's fallback does: always revalidated, and the session cookie comes with the page; a page with a
      // member's data in it is kept nowhere.
      reply.header('cache-control', ownPaint ? 'private, no-store' : 'no-cache');
      reply.header('vary', 'accept-language, cookie');
      return reply.type('text/html; charset=utf-8').send(html);
    });
  }

  await app.register(crawlerFiles);
  await app.register(shareImages, { root });
  await app.register(hitShareImages, { root });
};
