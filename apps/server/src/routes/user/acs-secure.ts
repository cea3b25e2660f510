import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';
import { findPayment } from '../../services/payments/store.ts';

/**
 * GET /api/acs/secure?payment={payment_id}: the 3-D Secure hand-off of spec section 7. A browser navigation, so it
 * answers with a redirect to the card issuer's challenge page (or back to /pay-redirect when nothing is left to do).
 */
export const acsSecureRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { payment?: string } }>('/acs/secure', async (request, reply) => {
    const memberId = requireMember(request);
    const { payment } = parseInput(z.object({ payment: z.string().max(80) }), request.query);
    const p = await findPayment(app.ctx.db.pool, { publicId: payment }, memberId);
    if (!p) throw new AppError('not_found', { payment: ['paymentNotFound'] }, 'payment_not_found');
    if (p.status === 'requires_action' && p.next_action_url) return reply.redirect(p.next_action_url, 302);
    return reply.redirect(`/pay-redirect?payment_id=${encodeURIComponent(p.public_id)}`, 302);
  });
};
