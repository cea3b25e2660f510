import type { FastifyPluginAsync } from 'fastify';
import { staffNoticeListSchema, staffNoticeReadSchema } from '@oripa/core/admin';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { presentStaffNotice } from '../../presenters/admin/staff-notices.ts';
import { readStaffNotices, staffNotices, unreadStaffNotices } from '../../services/admin/staff-notices.ts';

/**
 * The console's inbox (issue 21 §10, ADR 0046). Every signed-in staff member has one; what is in it follows the
 * role's permissions, so these routes need the full session only ('staff.session' + requireStaff).
 *   GET  /admin/notices?filter=unread|all&before=<id>   newest first, 50 a page, with the unread count
 *   GET  /admin/notices/unread                          the unread count alone (the console header)
 *   POST /admin/notices/read {ids} | {up_to}            marks them read; answers the unread count
 */
export const noticeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const SESSION = { permission: 'staff.session' } as const;

  app.get('/notices', { config: SESSION }, async (request, reply) => {
    const staff = requireStaff(request);
    const q = parseInput(staffNoticeListSchema, request.query);
    const { notices, unread } = await staffNotices(ctx, staff, {
      unreadOnly: q.filter === 'unread',
      before: typeof q.before === 'number' ? q.before : null,
    });
    return reply.ok({ notices: notices.map(presentStaffNotice), unread });
  });

  app.get('/notices/unread', { config: SESSION }, async (request, reply) => {
    const staff = requireStaff(request);
    return reply.ok({ unread: await unreadStaffNotices(ctx, staff) });
  });

  app.post('/notices/read', { config: SESSION }, async (request, reply) => {
    const staff = requireStaff(request);
    const m = parseInput(staffNoticeReadSchema, request.payload ?? {});
    const unread = await readStaffNotices(ctx, staff, { ids: m.ids ?? null, upTo: m.up_to ?? null });
    return reply.ok({ unread });
  });
};
