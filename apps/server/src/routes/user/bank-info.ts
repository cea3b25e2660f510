import type { FastifyPluginAsync } from 'fastify';
import { formatTokyo, type BankInfoReply } from '@oripa/core';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';

/** GET /api/user/bank[?payment_id=]: where to transfer for the member's (latest) open bank-transfer order. */
export const bankInfoRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Querystring: { payment_id?: string } }>('/user/bank', async (request, reply) => {
    const memberId = requireMember(request);
    const { payment_id } = parseInput(z.object({ payment_id: z.string().max(80).optional() }), request.query);
    const { rows } = await app.ctx.db.pool.query(
      `SELECT public_id, amount, method, expires_at, status, next_action_url FROM payments
       WHERE member_id = $1 AND pay_id = 4 AND ($2::text IS NULL OR public_id = $2)
         AND ($2::text IS NOT NULL OR status = 'pending')
       ORDER BY id DESC LIMIT 1`,
      [memberId, payment_id ?? null],
    );
    const r = rows[0];
    const ins = r?.method?.instructions;
    if (!r || !ins) throw new AppError('not_found', { general: ['paymentNotFound'] }, 'payment_not_found');
    const out: BankInfoReply = {
      bank: ins.bank,
      branch: ins.branch,
      account_type: ins.accountType,
      number: ins.number,
      name: ins.name,
      price: Number(r.amount),
      deadline: formatTokyo(r.expires_at),
      payment_id: r.public_id,
    };
    // In the sandbox the bank's reconcile page is handed out so a tester can complete the transfer.
    const sandbox = app.ctx.config.sandbox && r.next_action_url ? { sandbox_url: r.next_action_url } : {};
    return reply.ok({ ...out, status: r.status, ...sandbox });
  });
};
