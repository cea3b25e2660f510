import type { FastifyPluginAsync } from 'fastify';
import { idField, type CheckoutSessionReply, type CompleteCheckoutReply } from '@oripa/core';
import { z } from 'zod';
import { parseInput, requireMember } from '../../http/input.ts';
import {
  bindCheckoutSession,
  checkoutButton,
  completeCheckout,
  latestCheckoutSession,
} from '../../services/payments/checkout.ts';

const sessionId = z.string().regex(/^[A-Za-z0-9_-]{8,120}$/, 'checkoutSessionInvalid');

/** The retailer wallet's checkout-session calls (the flow is told in services/payments/checkout.ts). */
export const checkoutSessionRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get<{ Querystring: { point_price_id?: string } }>('/user/button_signature', async (request, reply) => {
    requireMember(request);
    const { point_price_id } = parseInput(z.object({ point_price_id: idField }), request.query);
    return reply.ok({ ...(await checkoutButton(ctx, point_price_id)) });
  });

  app.get<{ Params: { id: string } }>('/user/set_checkout_session/:id', async (request, reply) => {
    const memberId = requireMember(request);
    const id = parseInput(sessionId, request.params.id);
    await bindCheckoutSession(ctx, memberId, id);
    request.log.debug({ memberId }, 'checkout session bound');
    return reply.ok({ result: '1', checkoutSessionId: id });
  });

  app.get('/user/get_checkout_session', async (request, reply) => {
    const memberId = requireMember(request);
    const s = await latestCheckoutSession(ctx, memberId);
    const out: CheckoutSessionReply = { checkoutSessionId: s.checkout_session_id, payMethod: s.pay_method };
    return reply.ok({ ...out });
  });

  app.get<{ Querystring: { amazonCheckoutSessionId?: string; payment_id?: string } }>(
    '/user/complete_checkout_session',
    async (request, reply) => {
      const memberId = requireMember(request);
      const q = parseInput(
        z.object({ amazonCheckoutSessionId: sessionId, payment_id: z.string().max(80).optional() }),
        request.query,
      );
      const p = await completeCheckout(ctx, memberId, q.amazonCheckoutSessionId, q.payment_id);
      const out: CompleteCheckoutReply = {
        result: p.status === 'succeeded' ? '1' : '0',
        payment_id: p.public_id,
        pack_id: p.pack_id ?? 0,
      };
      return reply.ok({ ...out });
    },
  );
};
