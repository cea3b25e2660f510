import type { FastifyPluginAsync } from 'fastify';
import { listRecentOutbox } from '../db/queries/outbox.ts';
import { guardSandbox } from './access.ts';
import { sandboxClock } from './clock.ts';
import { sandboxMembers } from './members.ts';
import { sandboxPayments } from './payments/index.ts';
import { sandboxStaff } from './staff.ts';

/**
 * Sandbox-only endpoints (DESIGN.md section 3): the outbox, card tokens, payment pages, the shop clock. Off in production unless
 * SANDBOX=1 (a staging shop), and then behind SANDBOX_SECRET (access.ts).
 */
export const sandboxRoutes: FastifyPluginAsync = async (app) => {
  guardSandbox(app, app.ctx.config.sandboxSecret, app.ctx.config.secureCookies);
  await app.register(sandboxMembers);
  await app.register(sandboxPayments);
  await app.register(sandboxStaff);
  await app.register(sandboxClock);
  app.get('/outbox', async () => ({ messages: await listRecentOutbox(app.ctx.db.pool) }));
};
