import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { idField, staffChangeSchema, staffCreateSchema, staffRoleChangeSchema } from '@oripa/core/admin';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import {
  changeStaffRole,
  inviteStaff,
  reissueStaffAccess,
  setStaffEnabled,
  staffList,
  type StaffChangeOutcome,
} from '../../services/admin/staff.ts';
import { approvalView } from '../../services/admin/approvals.ts';
import { presentApproval } from '../../presenters/admin/approvals.ts';

const MANAGE = { permission: 'staff.manage' } as const;
const idParams = z.object({ id: idField });

/**
 * Staff management (owner): list, invite with a role (answers the one-time link), change role, disable and
 * enable, reissue a link or reset the second factor. Every write is audited (services/admin/staff.ts). A change to
 * another owner (demote, disable, reset the second factor) is not made: it answers `approval`, the request another
 * owner must approve (ADR 0039); otherwise `staff` (and `link` where one is issued).
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const answer = async <T extends Record<string, unknown>>(request: FastifyRequest, r: StaffChangeOutcome<T>) => {
    if (r.done) return r.done;
    const staff = requireStaff(request);
    return { approval: presentApproval(await approvalView(ctx, r.approvalId!), staff, ctx.clock.now()) };
  };
  app.get('/staff', { config: MANAGE }, async (_request, reply) => reply.ok({ staff: await staffList(ctx) }));

  app.post('/staff', { config: MANAGE }, async (request, reply) => {
    const input = parseInput(staffCreateSchema, request.payload);
    return reply.ok(await inviteStaff(ctx, requireStaff(request), input));
  });

  app.post('/staff/:id/role', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { role, reason } = parseInput(staffRoleChangeSchema, request.payload);
    const r = await changeStaffRole(ctx, requireStaff(request), id, role, reason);
    return reply.ok(r.done ? { staff: r.done } : await answer(request, r));
  });

  app.post('/staff/:id/disable', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(staffChangeSchema, request.payload ?? {});
    const r = await setStaffEnabled(ctx, requireStaff(request), id, false, reason);
    return reply.ok(r.done ? { staff: r.done } : await answer(request, r));
  });

  app.post('/staff/:id/enable', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const r = await setStaffEnabled(ctx, requireStaff(request), id, true);
    return reply.ok({ staff: r.done });
  });

  app.post('/staff/:id/reset-2fa', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { reason } = parseInput(staffChangeSchema, request.payload ?? {});
    return reply.ok(await answer(request, await reissueStaffAccess(ctx, requireStaff(request), id, true, reason)));
  });

  app.post('/staff/:id/reinvite', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok((await reissueStaffAccess(ctx, requireStaff(request), id, false)).done);
  });
};
