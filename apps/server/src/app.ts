import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { adminPlugin } from './http/admin/admin-plugin.ts';
import { apiPlugin } from './http/api-plugin.ts';
import { frameworkErrorHandler } from './http/framework-errors.ts';
import { addSecurityHeaders, relaxSandboxPolicy } from './http/security-headers.ts';
import { handOutPageSession } from './http/page-session.ts';
import { maskFormFields } from './http/page-form-fields.ts';
import './http/types.ts';
import { installObservability } from './observability/health-routes.ts';
import { requestIdOptions } from './observability/request-id.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { mediaFileRoutes } from './routes/admin/cards-media.ts';
import { apiRoutes } from './routes/index.ts';
import { liveStreamRoutes } from './routes/live/live.ts';
import { paymentWebhookRoutes } from './routes/payments/payment-webhooks.ts';
import { shopLookups } from './routes/shop-lookups.ts';
import { createPageServer, webPages } from './routes/web/web-pages.ts';
import { sandboxRoutes } from './sandbox/index.ts';

// WEB_DIST_DIR lets parallel browser-test runs each serve their own build.
export const WEB_DIST = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The console's page (apps/web/admin.html, built into dist/admin) answers /admin and every path below it. */
const ADMIN_HTML = 'admin/admin.html';
const isConsolePath = (url: string) => /^\/admin(\/|\?|$)/.test(url) && !url.startsWith('/admin/assets/');

export interface BuildOptions {
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  /**
   * The built SPA's directory; WEB_DIST by default. The server's tests give each file its own stand-in build: they
   * share one module graph per worker (vitest.config.ts), so a value read on import would be the first file's.
   */
  webDist?: string;
  logger?: boolean;
}

/**
 * TRUST_PROXY for Fastify. A hop count becomes "trust the first n addresses counted from the socket": Fastify
 * itself trusts no one for a bare number, since a client that can reach the shop directly could then write every
 * hop; with a count, only the proxies must be able to reach the shop (README), or list their addresses instead.
 */
function trustProxyOption(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * Slow clients (issue 12 A10): a request, body included, must arrive within HTTP_REQUEST_TIMEOUT_MS (a body sent one
 * byte at a time held a connection forever), checked every second rather than Node's 30 s; a connection silent
 * for a minute is closed.
 */
function clientTimeouts(requestTimeoutMs: number) {
  return {
    requestTimeout: requestTimeoutMs,
    connectionTimeout: 60_000,
    http: {
      headersTimeout: Math.min(requestTimeoutMs, 10_000),
      connectionsCheckingInterval: Math.min(requestTimeoutMs, 1000),
    },
  };
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...requestIdOptions,
    logger:
      opts.logger === false
        ? false
        : {
            level: ctx.config.logLevel,
            // Fastify's own request line, with a form's credentials masked should a browser put them in an address.
            serializers: {
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: maskFormFields(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          },
    trustProxy: trustProxyOption(ctx.config.trustProxy),
    // Form posts are small; anything larger is refused before it is parsed.
    bodyLimit: 64 * 1024,
    // Ids and tokens are short; a longer path segment is refused (in the envelope, see framework-errors.ts).
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(ctx.config),
    ...clientTimeouts(ctx.config.httpRequestTimeoutMs),
  });
  app.decorate('ctx', ctx);
  // Before the server closes: the open live streams end (a server waits for open connections), and the hub's
  // listening connection with them (it opens on the first page that asks).
  app.addHook('preClose', () => ctx.live.stop());
  // First, so its hooks (request id header, latency by route) apply to every route registered below.
  installObservability(app);
  addSecurityHeaders(app, ctx.config);
  await app.register(cookie);
  await app.register(formbody);

  await app.register(liveStreamRoutes, { prefix: '/api/live' });
  await app.register(apiPlugin(apiRoutes, shopLookups), { prefix: '/api' });
  await app.register(adminPlugin(adminRoutes, shopLookups), { prefix: '/api/admin' });
  // Uploaded images (storage/), served to everyone: the storefront shows them.
  await app.register(mediaFileRoutes);
  await app.register(paymentWebhookRoutes, { prefix: '/api/payment/webhook' });
  if (ctx.config.sandbox) {
    relaxSandboxPolicy(app);
    await app.register(sandboxRoutes, { prefix: '/sandbox' });
  }

  const webDist = opts.webDist ?? WEB_DIST;
  if (opts.serveWeb !== false && existsSync(path.join(webDist, 'index.html'))) {
    // preCompressed: the build's .br/.gz copies, with Content-Encoding and Vary (apps/web/build/precompress.ts).
    // dist/ssr is the server's own render code (ADR 0052), not a file for browsers.
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
    });
    const pages = await createPageServer(app, ctx, webDist);
    await app.register(webPages, { root: webDist, pages });
    // Hashed assets are immutable; index.html is always revalidated.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/') || request.url.startsWith('/admin/assets/')) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    });
    app.setNotFoundHandler(async (request, reply) => {
      // A storefront form the browser sent by itself (before React ran the page): back to the page, body unread.
      if (request.method === 'POST' && !isConsolePath(request.url) && pages.isPage(request.url)) {
        return pages.sendBack(request, reply);
      }
      // History-mode routing: every page path is drawn by the server (web-pages.ts), which sends unknown paths to /.
      if (
        request.method === 'GET' &&
        !request.url.startsWith('/assets/') &&
        !request.url.startsWith('/admin/assets/')
      ) {
        // The operator console is a build of its own (vite.admin.config.ts, ADR 0013), a client app.
        if (isConsolePath(request.url)) {
          reply.header('cache-control', 'no-cache');
          // Hand out the session cookie with the page, so the SPA's first parallel API calls share one session id
          // (otherwise each reply could mint its own guest id and the stored CSRF pair would belong to another one).
          await handOutPageSession(ctx, request, reply, shopLookups.sessionMember);
          return reply.sendFile(ADMIN_HTML);
        }
        return pages.serve(request, reply);
      }
      return reply.code(404).send({ state: 404 });
    });
  }
  return app;
}
