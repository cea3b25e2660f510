import type { FastifyPluginAsync } from 'fastify';
import { formatTokyo } from '@oripa/core';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { dashboard, PERIODS, type Period } from '../../services/admin/catalogue/dashboard.ts';

const query = z.object({
  period: z
    .enum(Object.keys(PERIODS) as [Period, ...Period[]], { error: 'invalid' })
    .optional()
    .default('today'),
});

/** `GET /api/admin/dashboard?period=today|7d|30d`: the shop's figures (dashboard.read). */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/dashboard', { config: { permission: 'dashboard.read' } }, async (request, reply) => {
    const { period } = parseInput(query, request.query);
    const d = await dashboard(app.ctx, period);
    return reply.ok({
      ...d,
      nearSellOut: d.nearSellOut.map((p) => ({
        ...p,
        id: Number(p.id),
        draft_id: p.draft_id === null ? null : Number(p.draft_id),
      })),
      generated: formatTokyo(app.ctx.clock.now()),
    });
  });
};
