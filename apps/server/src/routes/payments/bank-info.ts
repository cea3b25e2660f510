import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput, requireMember } from '../../http/input.ts';
import { presentBankInfo } from '../../presenters/payment.ts';
import { bankTransfer } from '../../services/payments/receipts.ts';

/** GET /api/user/bank[?payment_id=]: where to transfer for the member's (latest) open bank-transfer order. */
export const bankInfoRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { payment_id?: string } }>('/user/bank', async (request, reply) => {
    const memberId = requireMember(request);
    const { payment_id } = parseInput(z.object({ payment_id: z.string().max(80).optional() }), request.query);
    const { row, instructions } = await bankTransfer(app.ctx, memberId, payment_id);
    return reply.ok(presentBankInfo(row, instructions, app.ctx.config.sandbox));
  });
};
