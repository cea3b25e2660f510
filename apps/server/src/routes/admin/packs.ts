import type { FastifyPluginAsync } from 'fastify';
import { idField, intField, packDraftSchema } from '@oripa/core/admin';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import { presentPackDetail, presentPackSummary } from '../../presenters/admin-catalogue.ts';
import {
  cloneDraft,
  closePack,
  createDraft,
  getPack,
  listPacks,
  PACK_SORT_KEYS,
  PACKS_PER_PAGE,
  publishDraft,
  saveDraft,
} from '../../services/admin/catalogue/packs.ts';
import { issuePreviewToken } from '../../services/packs/pack-preview.ts';
import { dropSettingsSchema, formatTokyo } from '@oripa/core';
import { getPackDrop, setPackDrop } from '../../services/admin/catalogue/pack-drops.ts';
import { AppError } from '../../app-error.ts';

const WRITE = { permission: 'catalogue.write' } as const;
const PUBLISH = { permission: 'packs.publish' } as const;
const idParams = z.object({ id: idField });

export const packQuerySchema = z.object({
  page: intField(1, 100_000).optional().default(1),
  per_page: intField(1, 200).optional().default(PACKS_PER_PAGE),
  q: z.string().trim().max(100).optional().default(''),
  status: z.enum(['draft', 'scheduled', 'on_sale', 'sold_out', 'closed', '']).optional().default(''),
  sort: z.enum(PACK_SORT_KEYS).optional().default('id'),
  dir: z.enum(['asc', 'desc']).optional().default('desc'),
});

/**
 * Packs in the console: list and detail (with live figures), drafts (create, save), publish, close, clone. A
 * published pack's lineup, counts and price are frozen (services/admin/catalogue/packs.ts). Writes are audited.
 */
export const packAdminRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/packs', { config: WRITE }, async (request, reply) => {
    const q = parseInput(packQuerySchema, request.query);
    const { rows, total } = await listPacks(ctx, {
      status: q.status || null,
      search: q.q,
      sort: q.sort,
      desc: q.dir === 'desc',
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    return reply.ok({ rows: rows.map(presentPackSummary), total, page: q.page, per_page: q.per_page });
  });

  // The return-rate band the editor's live economics panel warns outside of (PACK_RETURN_RATE_MIN/MAX).
  app.get('/packs/economics-band', { config: WRITE }, async (_request, reply) =>
    reply.ok({ band: ctx.config.packReturnRateBand }),
  );

  app.get('/packs/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok({ pack: presentPackDetail(await getPack(ctx, id), ctx.config.packReturnRateBand) });
  });

  // The preview step: a link to the storefront's pack page for this draft, signed and short-lived (pack-preview.ts).
  app.get('/packs/:id/preview', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const pack = await getPack(ctx, id);
    if (pack.row.pack_id !== null)
      throw new AppError('conflict', { general: ['alreadyPublished'] }, 'already_published');
    const { token, expiresAt } = issuePreviewToken(ctx.config.sessionSecret, id, ctx.clock.now());
    return reply.ok({ url: `/pack-detail?preview=${token}`, expires_at: formatTokyo(expiresAt) });
  });

  app.post('/packs', { config: WRITE }, async (request, reply) => {
    const input = parseInput(packDraftSchema, request.payload);
    const id = await createDraft(ctx, requireStaff(request), input);
    return reply.ok({ pack: presentPackDetail(await getPack(ctx, id), ctx.config.packReturnRateBand) });
  });

  app.post('/packs/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(packDraftSchema, request.payload);
    await saveDraft(ctx, requireStaff(request), id, input);
    return reply.ok({ pack: presentPackDetail(await getPack(ctx, id), ctx.config.packReturnRateBand) });
  });

  app.post('/packs/:id/publish', { config: PUBLISH }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await publishDraft(ctx, requireStaff(request), id);
    return reply.ok({ pack: presentPackDetail(await getPack(ctx, id), ctx.config.packReturnRateBand) });
  });

  app.post('/packs/:id/close', { config: PUBLISH }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await closePack(ctx, requireStaff(request), id);
    return reply.ok({ pack: presentPackDetail(await getPack(ctx, id), ctx.config.packReturnRateBand) });
  });

  app.post('/packs/:id/clone', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const newId = await cloneDraft(ctx, requireStaff(request), id);
    return reply.ok({ pack: presentPackDetail(await getPack(ctx, newId), ctx.config.packReturnRateBand) });
  });

  // A drop's waiting room (issue 22): its settings, and setting them until the pre-queue opens (audited).
  app.get('/packs/:id/drop', { config: PUBLISH }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    return reply.ok({ drop: await getPackDrop(ctx, id) });
  });

  app.post('/packs/:id/drop', { config: PUBLISH }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    const input = parseInput(dropSettingsSchema, request.payload);
    await setPackDrop(ctx, requireStaff(request), id, input);
    return reply.ok({ drop: await getPackDrop(ctx, id) });
  });
};
