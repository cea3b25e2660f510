import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { adminMsg, cardImportPreviewSchema, cardImportSchema } from '@oripa/core/admin';
import { AppError } from '../../app-error.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { parseInput } from '../../http/input.ts';
import { acceptMultipart, uploadedFiles } from '../../http/multipart.ts';
import { presentImportPictures, presentImportPlan } from '../../presenters/admin-card-import.ts';
import {
  cardCsvText,
  cardMasterCsv,
  importCards,
  previewCardImport,
  storeImportPictures,
} from '../../services/admin/catalogue/card-import.ts';
import { unpackPictures } from '../../services/admin/catalogue/picture-files.ts';

/** One request of an import carries at most this much (a zip of a set's pictures; the console sends files in parts). */
export const MAX_IMPORT_REQUEST_BYTES = 64 * 1024 * 1024;
const WRITE = { permission: 'catalogue.write' } as const;

const tooLarge = () =>
  AppError.validation(
    'file',
    adminMsg('cardUploadTooLarge', { max: MAX_IMPORT_REQUEST_BYTES / 1024 / 1024 }),
    'too_large',
  );
const csvOf = (request: FastifyRequest) =>
  cardCsvText(uploadedFiles(request).findLast((f) => f.field === 'csv')?.bytes ?? null);

/**
 * Bulk card registration (issue 21 §5; ADR 0044), multipart bodies with a file `csv`: the preview (every row's
 * problems, nothing written), the pictures (stored through the image pipeline, matched later by name), the
 * import (all rows in one audited transaction, or none); and the master as the same CSV, streamed.
 */
export const cardImportRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  acceptMultipart(app, MAX_IMPORT_REQUEST_BYTES, tooLarge);

  app.post('/cards/import/preview', { config: WRITE }, async (request, reply) => {
    const input = parseInput(cardImportPreviewSchema, request.payload);
    const plan = await previewCardImport(ctx, csvOf(request), input.pictures);
    return reply.ok({ preview: presentImportPlan(plan, request.lang) });
  });

  app.post('/cards/import/pictures', { config: WRITE }, async (request, reply) => {
    const files = unpackPictures(uploadedFiles(request).filter((f) => f.field === 'file'));
    if (files.length === 0) throw AppError.validation('file', 'imageMissing', 'missing_file');
    const { stored, problems } = await storeImportPictures(ctx, requireStaff(request), files);
    return reply.ok({ ...presentImportPictures(stored, problems, request.lang) });
  });

  app.post('/cards/import', { config: WRITE }, async (request, reply) => {
    const input = parseInput(cardImportSchema, request.payload);
    const text = csvOf(request);
    const done = await importCards(ctx, requireStaff(request), text, new Map(Object.entries(input.pictures)));
    return reply.ok(done);
  });

  app.get('/cards/export', { config: WRITE }, async (_request, reply) => {
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="cards.csv"')
      .header('cache-control', 'no-store')
      .send(cardMasterCsv(ctx));
  });
};
