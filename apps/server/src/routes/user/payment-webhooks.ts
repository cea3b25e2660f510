import type { FastifyPluginAsync } from 'fastify';
import { gatewayFor } from '../../services/payments/gateway.ts';
import { handleCallback } from '../../services/payments/webhooks.ts';

/**
 * POST /api/payment/webhook/{sandbox|stripe}: provider callbacks. Registered beside (not inside) the /api
 * envelope plugin: a provider has no session or CSRF token, and the signature must be checked over the exact raw
 * body, so this plugin keeps JSON bodies as strings.
 */
export const paymentWebhookRoutes: FastifyPluginAsync = async (app) => {
  app.addContentTypeParser(
    ['application/json', 'text/plain'],
    { parseAs: 'string', bodyLimit: 256 * 1024 },
    (_req, body, done) => done(null, body),
  );
  app.post<{ Params: { provider: string } }>('/:provider', async (request, reply) => {
    const gw = gatewayFor(app.ctx);
    if (request.params.provider !== gw.name) return reply.code(404).send({ received: false });
    const raw = typeof request.body === 'string' ? request.body : '';
    const { httpStatus, outcome } = await handleCallback(app.ctx, request.log, raw, request.headers);
    return reply.code(httpStatus).send({ received: httpStatus < 300, outcome });
  });
};
