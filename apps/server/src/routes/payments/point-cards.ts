import type { FastifyPluginAsync } from 'fastify';
import { deleteCardSchema, savedCardSchema } from '@oripa/core';
import { parseInput, requireMember } from '../../http/input.ts';
import { deleteSavedCard, listSavedCards, saveCardForMember } from '../../services/payments/saved-cards.ts';

/** Saved cards: list (masked), save from a one-time token, delete. */
export const pointCardRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/user/point/savedcard', async (request, reply) => {
    const memberId = requireMember(request);
    return reply.ok({ card_list: await listSavedCards(ctx, memberId) });
  });

  app.post('/user/point/savedcard', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(savedCardSchema, request.payload);
    const saved = await saveCardForMember(ctx, memberId, input.token);
    return reply.ok({
      result: '1',
      card: { id: saved.id, card: saved.masked, brand: saved.brand, expire: saved.expire },
    });
  });

  app.post('/user/point/deletecard', async (request, reply) => {
    const memberId = requireMember(request);
    const { card_index } = parseInput(deleteCardSchema, request.payload);
    await deleteSavedCard(ctx, memberId, card_index);
    return reply.ok({ result: '1' });
  });
};
