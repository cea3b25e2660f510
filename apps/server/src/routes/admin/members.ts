import type { FastifyPluginAsync } from 'fastify';
import {
  adjustmentPreviewSchema,
  adjustmentSchema,
  idField,
  memberLedgerSchema,
  memberSearchSchema,
  reasonSchema,
} from '@oripa/core/admin';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { presentAdminLedgerRow } from '../../presenters/admin/member-ledger.ts';
import { presentApproval } from '../../presenters/admin/approvals.ts';
import { approvalView } from '../../services/admin/approvals.ts';
import {
  adjustBalance,
  adjustmentPreview,
  findMembers,
  ledgerPage,
  memberDetail,
  setSuspended,
  signOutMember,
} from '../../services/admin/members.ts';

const idParams = z.object({ id: idField });

/**
 * Members for support (issue 10):
 *   GET  /admin/members?q&page&per_page&sort&dir           search by id, mail, name, phone (members.read)
 *   GET  /admin/members/:id                                 balances and recent activity (members.read)
 *   GET  /admin/members/:id/ledger?currency&page&per_page   the point or coin ledger (members.read)
 *   GET  /admin/members/:id/adjust-preview?currency&amount  the confirm step: before/after, needs approval
 *   POST /admin/members/:id/adjust {currency, amount, reason}  (members.adjust); a grant above
 *        ADJUSTMENT_APPROVAL_ABOVE answers `approval`: an owner other than the requester must approve it (ADR 0039)
 *   POST /admin/members/:id/suspend {reason}, /reinstate {reason}, /sign-out {reason}  (members.suspend)
 */
export const memberAdminRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const READ = { permission: 'members.read' } as const;
  const SUSPEND = { permission: 'members.suspend' } as const;

  app.get('/members', { config: READ }, async (request, reply) =>
    reply.ok(await findMembers(ctx, parseInput(memberSearchSchema, request.query))),
  );

  app.get('/members/:id', { config: READ }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok({ member: await memberDetail(ctx, id, request.lang) });
  });

  app.get('/members/:id/ledger', { config: READ }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const page = await ledgerPage(ctx, id, parseInput(memberLedgerSchema, request.query), request.lang);
    return reply.ok({ ...page, rows: page.rows.map((r) => presentAdminLedgerRow(request.lang, r)) });
  });

  // The confirm step's figures (members.adjust, like the adjustment itself).
  app.get('/members/:id/adjust-preview', { config: { permission: 'members.adjust' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(adjustmentPreviewSchema, request.query);
    return reply.ok({ preview: await adjustmentPreview(ctx, requireStaff(request), id, input) });
  });

  app.post('/members/:id/adjust', { config: { permission: 'members.adjust' } }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(adjustmentSchema, request.payload);
    const staff = requireStaff(request);
    const r = await adjustBalance(ctx, staff, id, input);
    // Above the limit nothing changes yet: the answer is the request an owner must approve (ADR 0039).
    if (r.done) return reply.ok({ ...r.done });
    return reply.ok({ approval: presentApproval(await approvalView(ctx, r.approvalId), staff, ctx.clock.now()) });
  });

  app.post('/members/:id/suspend', { config: SUSPEND }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(reasonSchema, request.payload);
    return reply.ok({ member: await setSuspended(ctx, requireStaff(request), id, true, reason) });
  });

  app.post('/members/:id/reinstate', { config: SUSPEND }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(reasonSchema, request.payload);
    return reply.ok({ member: await setSuspended(ctx, requireStaff(request), id, false, reason) });
  });

  app.post('/members/:id/sign-out', { config: SUSPEND }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(reasonSchema, request.payload);
    return reply.ok(await signOutMember(ctx, requireStaff(request), id, reason));
  });
};
