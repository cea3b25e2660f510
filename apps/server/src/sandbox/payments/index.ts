import type { FastifyPluginAsync } from 'fastify';
import { cardTokenRequestSchema } from '@oripa/core';
import { issueCardToken } from './card-token.ts';
import { sandboxPaymentPages } from './pages.ts';

/** The sandbox payment company: card tokens (JSON) and its pages under /sandbox/pay. */
export const sandboxPayments: FastifyPluginAsync = async (app) => {
  app.post('/card/token', async (request, reply) => {
    const parsed = cardTokenRequestSchema.safeParse(request.body ?? {});
    // A malformed request is the card company's "other" error; the client shows the generic message.
    if (!parsed.success) return reply.code(400).send({ error_code: '1300' });
    const out = await issueCardToken(app.ctx, parsed.data);
    return reply.code('error_code' in out ? 400 : 200).send(out);
  });
  await app.register(sandboxPaymentPages);
};
