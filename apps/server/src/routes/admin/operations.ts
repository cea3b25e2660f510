import type { FastifyPluginAsync } from 'fastify';
import { maintenanceSchema, reportExportSchema, unusedBalanceSchema } from '@oripa/core/admin';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { parseInput } from '../../http/input.ts';
import {
  maintenanceNotice,
  maintenanceState,
  setMaintenanceState,
} from '../../services/admin/operations/maintenance.ts';
import { monthlyCsv, unusedBalanceReport } from '../../services/admin/operations/reports.ts';

/**
 * /api/admin/operations: the maintenance switch and message (operations.write), the unused-balance report and the
 * monthly CSV exports (reports.read). `GET /api/admin/maintenance-notice` is public (the storefront's maintenance
 * page reads the message there: the console's API stays up while the shop is in maintenance).
 */
export const operationsRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/maintenance-notice', { config: { permission: 'staff.session' } }, async (_request, reply) =>
    reply.ok(await maintenanceNotice(ctx)),
  );

  app.get('/operations/maintenance', { config: { permission: 'operations.write' } }, async (_request, reply) =>
    reply.ok(await maintenanceState(ctx)),
  );

  app.post('/operations/maintenance', { config: { permission: 'operations.write' } }, async (request, reply) => {
    const input = parseInput(maintenanceSchema, request.payload);
    return reply.ok(await setMaintenanceState(ctx, requireStaff(request), input));
  });

  app.get('/operations/unused-balance', { config: { permission: 'reports.read' } }, async (request, reply) => {
    const { date } = parseInput(unusedBalanceSchema, request.query);
    return reply.ok({ ...(await unusedBalanceReport(ctx, date)) });
  });

  // The file streams, a batch of rows at a time (services/admin/operations/reports.ts).
  app.get('/operations/export', { config: { permission: 'reports.read' } }, async (request, reply) => {
    const { month, kind } = parseInput(reportExportSchema, request.query);
    const file = monthlyCsv(ctx, month, kind, request.lang);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });
};
