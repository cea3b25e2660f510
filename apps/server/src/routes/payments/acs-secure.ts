import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput, requireMember } from '../../http/input.ts';
import { acsRedirectUrl } from '../../presenters/payment.ts';
import { memberPayment } from '../../services/payments/receipts.ts';

/**
 * GET /api/acs/secure?payment={payment_id}: the 3-D Secure hand-off of spec section 7. A browser navigation, so it
 * answers with a redirect to the card issuer's challenge page (or back to /pay-redirect when nothing is left to do).
 */
export const acsSecureRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { payment?: string } }>('/acs/secure', async (request, reply) => {
    const memberId = requireMember(request);
    const { payment } = parseInput(z.object({ payment: z.string().max(80) }), request.query);
    return reply.redirect(acsRedirectUrl(await memberPayment(app.ctx, memberId, payment)), 302);
  });
};
