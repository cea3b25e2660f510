import type { FastifyPluginAsync } from 'fastify';
import { auditQuerySchema } from '@oripa/core/admin';
import { parseInput } from '../../http/input.ts';
import { auditPage } from '../../services/admin/audit-log.ts';

/** `GET /api/admin/audit?staff_id&action&from&to&page&per_page&dir`: the audit log, one page (owner). */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  app.get('/audit', { config: { permission: 'audit.read' } }, async (request, reply) => {
    const q = parseInput(auditQuerySchema, request.query);
    return reply.ok(await auditPage(app.ctx, q));
  });
};
