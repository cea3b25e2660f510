import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { FastifyPluginAsync } from 'fastify';
import { maintenanceSchema, reportExportSchema, unusedBalanceSchema } from '@oripa/core/admin';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { parseInput } from '../../http/input.ts';
import {
  maintenanceNotice,
  maintenanceState,
  setMaintenanceState,
} from '../../services/admin/operations/maintenance.ts';
import { monthlyFile } from '../../services/admin/operations/closed-month-files.ts';
import { unusedBalanceReport } from '../../services/admin/operations/reports.ts';

const unpacked = promisify(gunzip);

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

  // The file streams, a batch of rows at a time (services/admin/operations/reports.ts); a closed month's points file
  // is kept once built and then sent whole, with its length and an ETag (closed-month-files.ts, ADR 0054).
  app.get('/operations/export', { config: { permission: 'reports.read' } }, async (request, reply) => {
    const { month, kind } = parseInput(reportExportSchema, request.query);
    const file = await monthlyFile(ctx, month, kind, request.lang, request.log);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`);
    if (!file.stored) return reply.header('cache-control', 'no-store').send(file.body);
    // Private: the file is the shop's ledger. A browser may keep it and ask again with If-None-Match. The kept file
    // is gzipped: sent so where the client accepts it (its own ETag, as another encoding of the same file).
    const packed = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    const etag = packed ? file.etag.replace(/"$/, '-gzip"') : file.etag;
    reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding').header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    if (packed) return reply.header('content-encoding', 'gzip').send(file.gzipped);
    return reply.send(await unpacked(file.gzipped));
  });
};
