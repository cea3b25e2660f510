import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsync } from 'fastify';
import { gatewayNamed } from '../../services/payments/gateways/routes.ts';
import { handleCallback } from '../../services/payments/webhooks.ts';

/**
 * Callbacks one client address may post per minute. A provider sends from a few addresses, in bursts during a
 * rush: this is far above that, and far below a flood (an unsigned post per 2.7 ms was measured in review). A
 * refused provider delivery is retried by the provider, so a 429 delays a credit, it never loses one.
 */
export const WEBHOOK_POSTS_PER_MINUTE = 600;
/**
 * Rejected callbacks one instance records per minute, whatever their source: many addresses together still cannot
 * grow payment_callbacks faster than this. The rest are only counted in the log.
 */
export const REJECTED_RECORDS_PER_MINUTE = 120;

/** A budget of `max` per minute, refilled at the top of each minute of the monotonic clock. */
function perMinuteBudget(max: number) {
  let minute = -1;
  let used = 0;
  return () => {
    const now = Math.floor(performance.now() / 60_000);
    if (now !== minute) [minute, used] = [now, 0];
    return ++used <= max;
  };
}

/**
 * POST /api/payment/webhook/{sandbox|stripe}: provider callbacks. Registered beside (not inside) the /api
 * envelope plugin: a provider has no session or CSRF token, and the signature must be checked over the exact raw
 * body, so this plugin keeps JSON bodies as strings.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  await app.register(rateLimit, { max: WEBHOOK_POSTS_PER_MINUTE, timeWindow: 60_000 });
  app.setErrorHandler((err: Error & { statusCode?: number }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'payment callback failed');
    const outcome = status === 429 ? 'rate_limited' : status === 500 ? 'error' : 'bad_request';
    return reply.code(status).send({ received: false, outcome, ...(status === 500 ? { request_id: request.id } : {}) });
  });
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );
  const mayRecordRejected = perMinuteBudget(REJECTED_RECORDS_PER_MINUTE);
  app.post<{ Params: { provider: string } }>('/:provider', async (request, reply) => {
    // Each configured provider has its own path (routing per method, ADR 0042); others are not found.
    const gw = gatewayNamed(app.ctx.gateway, request.params.provider);
    if (!gw) return reply.code(404).send({ received: false });
    const raw = typeof request.body === 'string' ? request.body : '';
    const { httpStatus, outcome } = await handleCallback(app.ctx, request.log, gw, raw, request.headers, {
      mayRecordRejected,
    });
    return reply.code(httpStatus).send({ received: httpStatus < 300, outcome });
  });
};
