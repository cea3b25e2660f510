import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { dropJoinSchema } from '@oripa/core';
import { parseInput, pathId, requireMember } from '../../http/input.ts';
import { dropChallenge } from '../../services/drops/drop-challenge.ts';
import { dropFairness } from '../../services/drops/drop-fairness.ts';
import { budgetedDropStatus, joinDrop } from '../../services/drops/waiting-room.ts';

type PackParams = FastifyRequest<{ Params: { packId?: string } }>;

/** The waiting room of a drop (issue 22): status, the proof-of-work challenge, joining, and the shuffle's record. */
export const dropRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/user/pack/drop/:packId', async (request: PackParams, reply) => {
    const memberId = requireMember(request);
    const packId = pathId(request.params.packId);
    return reply.ok({ ...(await budgetedDropStatus(ctx, memberId, packId, request.ip)) });
  });

  app.get('/user/pack/drop/:packId/challenge', async (request: PackParams, reply) => {
    const memberId = requireMember(request);
    const packId = pathId(request.params.packId);
    return reply.ok({ challenge: await dropChallenge(ctx, memberId, packId) });
  });

  app.post('/user/pack/drop/join', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(dropJoinSchema, request.payload);
    const status = await joinDrop(ctx, { memberId, packId: input.pack_id, altcha: input.altcha, address: request.ip });
    return reply.ok({ ...status });
  });

  app.get('/user/pack/drop_fairness/:packId', async (request: PackParams, reply) => {
    return reply.ok({ ...(await dropFairness(ctx, pathId(request.params.packId))) });
  });
};
