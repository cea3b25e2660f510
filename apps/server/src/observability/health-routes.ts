import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readinessCheck } from './readiness.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';

/** Instances that are shutting down: they answer /readyz 503 so a load balancer stops sending them requests. */
const draining = new WeakSet<FastifyInstance>();

export function markDraining(app: FastifyInstance) {
  draining.add(app);
}

function bearerMatches(request: FastifyRequest, token: string): boolean {
  const given = /^Bearer (\S+)$/.exec(String(request.headers.authorization ?? ''))?.[1] ?? '';
  return given.length === token.length && timingSafeEqual(Buffer.from(given), Buffer.from(token));
}

/**
 * Operations endpoints outside /api's envelope, and the hooks that feed them. Call right after the context is
 * decorated and before any route plugin, so the hooks apply to every route:
 * - GET /healthz: the process is alive (no database call: a restart would not fix a database outage).
 * - GET /readyz: the database answers and its schema matches this build (readiness.ts); 503 otherwise or while
 *   shutting down.
 * - GET /metrics: Prometheus text. In production only with `Authorization: Bearer METRICS_TOKEN`, and 404 when no
 *   token is configured; elsewhere open unless a token is set.
 */
export function installObservability(app: FastifyInstance) {
  const ctx = app.ctx;
  const metrics = ctx.metrics;
  metrics.watchPool(ctx.db.pool);

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the URL: ids in paths would make a series per id.
    metrics.request(
      request.method,
      request.routeOptions.url ?? 'unmatched',
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });

  const noStore = { 'cache-control': 'no-store' };
  app.get('/healthz', async (_request, reply) => reply.headers(noStore).send({ status: 'ok' }));

  const ready = readinessCheck(ctx);
  app.get('/readyz', async (request, reply) => {
    if (draining.has(app)) return reply.code(503).headers(noStore).send({ status: 'draining' });
    const r = await ready();
    if (r.ready) return reply.headers(noStore).send({ status: 'ready' });
    request.log.warn({ reason: r.reason }, 'not ready');
    // The reason names database hosts and errors: for the log, and for the reply only outside production.
    const body = ctx.config.production ? { status: 'unavailable' } : { status: 'unavailable', reason: r.reason };
    return reply.code(503).headers(noStore).send(body);
  });

  const token = ctx.config.metricsToken;
  app.get('/metrics', async (request, reply) => {
    if (ctx.config.production && !token) return reply.code(404).send({ state: 404 });
    if (token && !bearerMatches(request, token)) {
      return reply.code(401).header('www-authenticate', 'Bearer').send({ error: 'metrics token required' });
    }
    return reply
      .headers(noStore)
      .header('content-type', metrics.registry.contentType)
      .send(await metrics.registry.metrics());
  });
}
