import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';
import { apiPlugin } from './http/api-plugin.ts';
import { frameworkErrorHandler } from './http/framework-errors.ts';
import { loadSession } from './http/session.ts';
import './http/types.ts';
import { apiRoutes } from './routes/index.ts';
import { paymentWebhookRoutes } from './routes/user/payment-webhooks.ts';
import { sandboxRoutes } from './sandbox/index.ts';

// WEB_DIST_DIR lets parallel browser-test runs each serve their own build.
export const WEB_DIST = process.env.WEB_DIST_DIR
  ? path.resolve(process.env.WEB_DIST_DIR)
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface BuildOptions {
  /** Serve the built SPA (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean;
}

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger === false ? false : { level: ctx.config.logLevel },
    trustProxy: ctx.config.trustProxy,
    // Form posts are small; anything larger is refused before it is parsed.
    bodyLimit: 64 * 1024,
    // Ids and tokens are short; a longer path segment is refused (in the envelope, see framework-errors.ts).
    routerOptions: { maxParamLength: 200 },
    frameworkErrors: frameworkErrorHandler(ctx.config),
  });
  app.decorate('ctx', ctx);
  await app.register(cookie);
  await app.register(formbody);

  await app.register(apiPlugin(apiRoutes), { prefix: '/api' });
  await app.register(paymentWebhookRoutes, { prefix: '/api/payment/webhook' });
  if (ctx.config.sandbox) await app.register(sandboxRoutes, { prefix: '/sandbox' });

  if (opts.serveWeb !== false && existsSync(path.join(WEB_DIST, 'index.html'))) {
    await app.register(fastifyStatic, { root: WEB_DIST, wildcard: false, index: false });
    // Hashed assets are immutable; index.html is always revalidated.
    app.addHook('onSend', async (request, reply) => {
      if (request.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
    });
    app.setNotFoundHandler(async (request, reply) => {
      // History-mode routing: every page path gets the SPA; the SPA itself sends unknown paths to /.
      if (request.method === 'GET' && !request.url.startsWith('/assets/')) {
        reply.header('cache-control', 'no-cache');
        // Hand out the session cookie with the page, so the SPA's first parallel API calls share one session id
        // (otherwise each reply could mint its own guest id and the stored CSRF pair would belong to another one).
        await loadSession(ctx, request, reply);
        return reply.sendFile('index.html');
      }
      return reply.code(404).send({ state: 404 });
    });
  }
  return app;
}
