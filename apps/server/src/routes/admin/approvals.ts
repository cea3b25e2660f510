import type { FastifyPluginAsync } from 'fastify';
import {
  approvalDecisionSchema,
  approvalListSchema,
  idField,
  type ApprovalAction,
  type Permission,
} from '@oripa/core/admin';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { presentApproval } from '../../presenters/admin/approvals.ts';
import { approvalList, approvalView, decideApprovalRequest } from '../../services/admin/approvals.ts';

const idParams = z.object({ id: idField });

/**
 * Changes waiting for a second person (ADR 0039):
 *   GET  /admin/approvals?status=pending|decided   owners see every request, a requester their own (approvals.read)
 *   POST /admin/approvals/:id/approve {note}        another owner agrees: the change is made (approvals.decide)
 *   POST /admin/approvals/:id/refuse {note}         another owner says no (approvals.decide)
 *   POST /admin/approvals/:id/cancel {note}         the requester withdraws it (approvals.read)
 *   POST /admin/approvals/:id/apply {note}          the requester makes a delayed owner change once due (approvals.decide)
 * Each answers the request as it now stands.
 */
export const approvalRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const READ: Permission = 'approvals.read';
  const DECIDE: Permission = 'approvals.decide';

  app.get('/approvals', { config: { permission: READ } }, async (request, reply) => {
    const { status } = parseInput(approvalListSchema, request.query);
    const staff = requireStaff(request);
    const now = ctx.clock.now();
    const rows = await approvalList(ctx, staff, status);
    return reply.ok({ approvals: rows.map((r) => presentApproval(r, staff, now)) });
  });

  const decision = (action: ApprovalAction, permission: Permission) =>
    app.post(`/approvals/:id/${action}`, { config: { permission } }, async (request, reply) => {
      const { id } = parseInput(idParams, request.params);
      const { note } = parseInput(approvalDecisionSchema, request.payload ?? {});
      const staff = requireStaff(request);
      await decideApprovalRequest(ctx, staff, id, action, note);
      return reply.ok({ approval: presentApproval(await approvalView(ctx, id), staff, ctx.clock.now()) });
    });
  decision('approve', DECIDE);
  decision('refuse', DECIDE);
  decision('cancel', READ);
  decision('apply', DECIDE);
};
