import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput, requireMember } from '../../http/input.ts';
import { endSession } from '../account/member-session.ts';
import { withdraw, withdrawalPreview } from '../../services/programmes/withdrawal.ts';

const withdrawSchema = z.object({
  pass: z.string({ error: 'required' }).min(1, 'required').max(100, 'withdrawPassMismatch'),
});

/**
 * Withdrawal (our paths; terms article 15): `GET /api/user/withdraw` names what would be lost (points, coins) and
 * what stops it (cards to decide); `POST /api/user/withdraw {pass}` closes the account and logs out.
 */
export const withdrawalRoutes: FastifyPluginAsync = async (app) => {
  app.get('/user/withdraw', async (request, reply) => {
    const memberId = requireMember(request);
    const p = await withdrawalPreview(app.ctx, memberId);
    return reply.ok({ point: p.point, coin: p.coin, pending_cards: p.pendingCards, open_payments: p.openPayments });
  });

  app.post('/user/withdraw', async (request, reply) => {
    const memberId = requireMember(request);
    const { pass } = parseInput(withdrawSchema, request.payload);
    await withdraw(app.ctx, memberId, pass);
    // Every session of the member ended; this browser goes on as a guest (the reply's CSRF pair is a guest's).
    request.session = await endSession(app.ctx, request, reply);
    return reply.ok({});
  });
};
