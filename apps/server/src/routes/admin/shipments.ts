import type { FastifyPluginAsync } from 'fastify';
import {
  carrierExportSchema,
  pickListSchema,
  shipmentMoveSchema,
  shipmentQueueSchema,
  trackingEntrySchema,
  trackingImportSchema,
  type Carrier,
} from '@oripa/core/admin';
import { idField } from '@oripa/core';
import { z } from 'zod';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { parseInput } from '../../http/input.ts';
import {
  presentPickList,
  presentShipmentDetail,
  presentShipmentEvent,
  presentShipmentRow,
} from '../../presenters/admin/fulfilment.ts';
import { carrierFile } from '../../services/admin/fulfilment/carrier-files.ts';
import { moveShipments, setTracking } from '../../services/admin/fulfilment/moves.ts';
import { pickList, shipmentDetail, shipmentQueue } from '../../services/admin/fulfilment/queue.ts';
import { importTracking } from '../../services/admin/fulfilment/tracking-import.ts';

const pickOf = (p: { ids?: number[]; status?: never }) =>
  p.ids && p.ids.length > 0 ? { ids: p.ids } : { status: p.status! };

/**
 * /api/admin/shipments: the fulfilment queue (filters, paging), one shipment, the pick list, carrier CSV files,
 * tracking numbers (single entry and CSV import) and status moves. Shipping staff and owners.
 */
export const shipmentRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const read = { config: { permission: 'fulfilment.read' as const } };
  const write = { config: { permission: 'fulfilment.write' as const } };

  app.get('/shipments', read, async (request, reply) => {
    const q = parseInput(shipmentQueueSchema, request.query);
    const filter = { status: q.status || undefined, q: q.q };
    const r = await shipmentQueue(ctx, filter, q.sort, q.dir === 'desc', q.page, q.per_page);
    return reply.ok({ ...r, rows: r.rows.map(presentShipmentRow), page: q.page, per_page: q.per_page });
  });

  app.get('/shipments/pick-list', read, async (request, reply) => {
    const q = parseInput(pickListSchema, request.query);
    const page = await pickList(ctx, pickOf(q as never), q.after, q.per_page);
    return reply.ok({ ...presentPickList(page, request.lang) });
  });

  // The file streams: every shipment of a status, however many (services/admin/fulfilment/carrier-files.ts).
  app.get('/shipments/export', read, async (request, reply) => {
    const q = parseInput(carrierExportSchema, request.query);
    const file = await carrierFile(ctx, pickOf(q as never), {
      format: q.format,
      service: q.service,
      customerCode: q.customer_code || undefined,
    });
    return reply
      .header('content-type', 'text/csv; charset=Shift_JIS')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .header('cache-control', 'no-store')
      .send(file.body);
  });

  app.get<{ Params: { id: string } }>('/shipments/:id', read, async (request, reply) => {
    const { id } = parseInput(z.object({ id: idField }), request.params);
    const { shipment, events } = await shipmentDetail(ctx, id);
    return reply.ok({
      shipment: presentShipmentDetail(shipment, request.lang),
      events: events.map(presentShipmentEvent),
    });
  });

  app.post('/shipments/move', write, async (request, reply) => {
    const input = parseInput(shipmentMoveSchema, request.payload);
    const tracking =
      input.carrier && input.tracking_number
        ? { carrier: input.carrier as Carrier, number: input.tracking_number }
        : undefined;
    const moved = await moveShipments(ctx, requireStaff(request), input.ids, input.to, {
      expectedLines: input.expected_lines,
      note: input.note,
      tracking,
    });
    return reply.ok({ moved });
  });

  app.post('/shipments/tracking', write, async (request, reply) => {
    const input = parseInput(trackingEntrySchema, request.payload);
    await setTracking(ctx, requireStaff(request), input.id, input.carrier as Carrier, input.tracking_number);
    return reply.ok({ id: input.id });
  });

  app.post('/shipments/tracking-import', write, async (request, reply) => {
    const input = parseInput(trackingImportSchema, request.payload);
    const bytes = Buffer.from(input.file, 'base64');
    const imported = await importTracking(ctx, requireStaff(request), bytes, input.carrier as Carrier);
    return reply.ok({ imported });
  });
};
