import type { FastifyPluginAsync } from 'fastify';
import { sandboxMembers } from './members.ts';
import { sandboxPayments } from './payments/index.ts';

/** Sandbox-only endpoints (DESIGN.md section 3): the outbox, card tokens, payment pages. Off in production. */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  await app.register(sandboxMembers);
  await app.register(sandboxPayments);
  app.get('/outbox', async () => {
    const { rows } = await app.ctx.db.pool.query(
      'SELECT id, channel, recipient, subject, body, created_at FROM outbox_messages ORDER BY id DESC LIMIT 100',
    );
    return { messages: rows };
  });
};
