import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Lang } from '@oripa/core';
import type { AppContext } from '../../context.ts';
import { crawlerFiles } from './crawler-files.ts';
import { shareImages } from './share-image.ts';
import { hitShareImages } from './hit-share-image.ts';
import { IndexHtml } from '../../http/index-html.ts';
import { sendPage } from '../../http/page-compression.ts';
import { requestLanguage } from '../../http/language.ts';
import { escapeHtml, metaTags, packPageMeta, topPageMeta, type PageMeta } from './page-meta.ts';
import { handOutPageSession } from '../../http/page-session.ts';
import { withoutFormFields } from '../../http/page-form-fields.ts';
import { findSessionMember } from '../../services/sessions.ts';
import { inProcessApi, loadPageRenderer, type PageRenderer, type Rendered } from './page-renderer.ts';

/** What a visit starting on one of these pages fetches first: its lazy route chunks and its API reads. */
interface EntryRoute {
  /** Modules of apps/web whose chunks (from the build manifest) are preloaded with the entry. */
  sources: string[];
  /** The GETs (under /api) the page sends as soon as it renders, fetched while its code still loads. */
  reads: (query: Record<string, string | undefined>) => string[];
  /** Modules of the page a visitor most likely opens next, prefetched (index-html.ts). */
  next?: string[];
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
    reads: () => ['/user/point', '/user/card_type', '/user/banner', '/user/pack/list', '/user/post/list'],
  },
  '/pack-detail': {
    sources: ['src/pages/pack/PackDetailPage.tsx'],
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

/** Serves a storefront page: the entry routes below, and every other page path (app.ts's history fallback). */
export interface PageServer {
  serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  /** Whether `url` is one of the storefront's pages (its route table; false without a server build). */
  isPage(url: string): boolean;
  /**
   * A form sent to a page by the browser itself, before React ran the page (its submit button is disabled until
   * then, apps/web/src/components/ui/SubmitButton.tsx): 303 back to the page, the body unread, so nothing is
   * sent twice and no field lands in an address or a log.
   */
  sendBack(request: FastifyRequest, reply: FastifyReply): FastifyReply;
}

/**
 * Every storefront page drawn by the server with the storefront's own React components (ADR 0052,
 * apps/web/src/entry-server.tsx) in the SPA's language, with the data its reads get from this server in-process
 * as the visitor, and hydrated by the browser. A member's page (a page holding a member's data) is private and
 * never stored; a guest's is revalidated as before. Guards as the SPA's: a member route sends a guest to the login
 * page (carrying packId, else the way back), an unknown path goes to /. Without a server build (or when the
 * render fails) the page is the SPA's shell and the SPA draws it alone.
 */
export async function createPageServer(app: FastifyInstance, ctx: AppContext, root: string): Promise<PageServer> {
  const index = new IndexHtml(root);
  const renderer: PageRenderer | null = await loadPageRenderer(root);

  async function meta(path: string, query: Record<string, string | undefined>, lang: Lang): Promise<PageMeta | null> {
    if (path === '/') return topPageMeta(lang);
    if (path === '/pack-detail') return packPageMeta(ctx, lang, query.packId, query.hit);
    return null;
  }

  const pathOf = (url: string) => new URL(url, 'http://page').pathname;
  const sendBack = (request: FastifyRequest, reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').redirect(withoutFormFields(request.url).url, 303);

  async function serve(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    // A form's credentials in the address (a browser's own GET of a form): the page again without them.
    if (withoutFormFields(request.url).dropped) return sendBack(request, reply);
    const query = request.query as Record<string, string | undefined>;
    const pathname = pathOf(request.url);
    const route: EntryRoute | undefined = Object.hasOwn(ENTRY_ROUTES, pathname) ? ENTRY_ROUTES[pathname] : undefined;
    // When the session cannot be read (database down) the page is served and the SPA shows the shop as down.
    const session = await handOutPageSession(ctx, request, reply, findSessionMember);
    const members = route?.members === true || renderer?.guardOf(pathname) === 'member';
    if (members && session && session.memberId === null) {
      reply.header('cache-control', 'no-store');
      // As the SPA's route guard does (RouteGuard.tsx): a pack to go on to after login wins over the way back.
      const login = query.packId
        ? `/login?packId=${encodeURIComponent(query.packId)}`
        : `/login?from=${encodeURIComponent(request.url)}`;
      return reply.redirect(login, 302);
    }
    const lang = requestLanguage(request);
    const catalogue = spaLanguage(request);
    let drawn: Rendered | null = null;
    if (renderer) {
      try {
        drawn = await renderer.render({
          url: new URL(request.url, 'http://page').href,
          lang: catalogue,
          api: inProcessApi(app, request, session?.sid || null, catalogue),
        });
      } catch (err) {
        request.log.error({ err }, 'page render failed: the SPA draws it');
      }
    }
    if (drawn?.kind === 'redirect') {
      reply.header('cache-control', 'no-store');
      return reply.redirect(drawn.location, 302);
    }
    const page = await meta(pathname, query, lang);
    // Without the server's drawing, the reads the SPA sends first are fetched while its code loads. The API
    // answers in the request's language, the SPA reads in its own: of use only when the two agree.
    const reads = !drawn && route && lang === catalogue ? route.reads(query) : [];
    const html = index.render({
      lang,
      catalogue,
      ...(page ? { title: escapeHtml(page.title) } : {}),
      head: [...(page ? [metaTags(ctx, lang, page)] : []), ...reads.map(readPreload)],
      routeSources: drawn ? [...new Set([...drawn.sources, ...(route?.sources ?? [])])] : (route?.sources ?? []),
      ...(route?.next ? { nextSources: route.next } : {}),
      ...(drawn ? { drawn: { html: drawn.html, state: drawn.state } } : {}),
    });
    // Always revalidated, and the session cookie comes with the page; a page drawn with a member's data in it
    // (their points in the header, their My Page) is kept nowhere.
    reply.header('cache-control', session?.memberId ? 'private, no-store' : 'no-cache');
    reply.header('vary', 'accept-language, cookie');
    return sendPage(request, reply, html);
  }

  return {
    serve,
    isPage: (url) => Object.hasOwn(ENTRY_ROUTES, pathOf(url)) || (renderer?.guardOf(pathOf(url)) ?? null) !== null,
    sendBack,
  };
}

/**
 * Pages whose HTML says what they are before any JavaScript runs (issue 13, section 3): `/` and
 * `/pack-detail?packId=` carry their title, description, canonical link and Open Graph / X card tags in the
 * language of the request (cookie, then Accept-Language, Japanese by default); the entry routes preload their
 * code; robots.txt and sitemap.xml are real files. Registered by app.ts when it serves the built SPA; every other
 * page path reaches the same `pages` through app.ts's fallback.
 */
export const webPages: FastifyPluginAsync<{ root: string; pages: PageServer }> = async (app, { root, pages }) => {
  for (const path of Object.keys(ENTRY_ROUTES)) app.get(path, (request, reply) => pages.serve(request, reply));
  await app.register(crawlerFiles);
  await app.register(shareImages, { root });
  await app.register(hitShareImages, { root });
};
