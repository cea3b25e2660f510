import type { FastifyPluginAsync } from 'fastify';
import { idField, staffCreateSchema, staffRoleChangeSchema } from '@oripa/core/admin';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import {
  changeStaffRole,
  inviteStaff,
  reissueStaffAccess,
  setStaffEnabled,
  staffList,
} from '../../services/admin/staff.ts';

const MANAGE = { permission: 'staff.manage' } as const;
const idParams = z.object({ id: idField });

/**
 * Staff management (owner): list, invite with a role (answers the one-time link), change role, disable and
 * enable, reissue a link or reset the second factor. Every write is audited (services/admin/staff.ts).
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  app.get('/staff', { config: MANAGE }, async (_request, reply) => reply.ok({ staff: await staffList(ctx) }));

  app.post('/staff', { config: MANAGE }, async (request, reply) => {
    const input = parseInput(staffCreateSchema, request.payload);
    return reply.ok(await inviteStaff(ctx, requireStaff(request), input));
  });

  app.post('/staff/:id/role', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const { role } = parseInput(staffRoleChangeSchema, request.payload);
    return reply.ok({ staff: await changeStaffRole(ctx, requireStaff(request), id, role) });
  });

  app.post('/staff/:id/disable', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok({ staff: await setStaffEnabled(ctx, requireStaff(request), id, false) });
  });

  app.post('/staff/:id/enable', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok({ staff: await setStaffEnabled(ctx, requireStaff(request), id, true) });
  });

  app.post('/staff/:id/reset-2fa', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok(await reissueStaffAccess(ctx, requireStaff(request), id, true));
  });

  app.post('/staff/:id/reinvite', { config: MANAGE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok(await reissueStaffAccess(ctx, requireStaff(request), id, false));
  });
};
