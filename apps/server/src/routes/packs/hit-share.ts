import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { idField, type HitShareReply } from '@oripa/core';
import { notFound } from '../../app-error.ts';
import { requireMember } from '../../http/input.ts';
import { hitShareImagePath, hitSharePagePath, shareOwnHit } from '../../services/packs/hit-share.ts';

/** Sharing a hit: the member's own drawn card gets its signed share link and image (services/packs/hit-share.ts). */
export const hitShareRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  app.get('/user/pack/share/:historyId', async (request: FastifyRequest<{ Params: { historyId: string } }>, reply) => {
    const memberId = requireMember(request);
    const parsed = idField.safeParse(request.params.historyId);
    if (!parsed.success) throw notFound();
    const { hit, key } = await shareOwnHit(ctx, memberId, parsed.data);
    const body: HitShareReply = {
      key,
      url: hitSharePagePath(Number(hit.pack_id), key),
      image: hitShareImagePath(key, request.lang),
    };
    return reply.ok({ ...body });
  });
};
