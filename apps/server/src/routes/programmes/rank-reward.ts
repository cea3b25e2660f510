import type { FastifyPluginAsync } from 'fastify';
import { idField } from '@oripa/core';
import { z } from 'zod';
import { parseInput, requireMember } from '../../http/input.ts';
import { presentHistoryShipment } from '../../presenters/pack.ts';
import { chooseRankCard, rankCardRewards } from '../../services/programmes/ranks/card-reward.ts';

const chooseSchema = z.object({ reward_id: idField, card_id: idField, action: z.enum(['ship', 'convert']) });

/**
 * Rank 7's card reward (our paths): `GET /api/user/rank_reward` lists the member's rewards and, while one waits,
 * the cards to pick from; `POST /api/user/rank_reward {reward_id, card_id, action}` ships or converts the pick.
 */
export const rankRewardRoutes: FastifyPluginAsync = async (app) => {
  app.get('/user/rank_reward', async (request, reply) => {
    const memberId = requireMember(request);
    const { rewards, cards } = await rankCardRewards(app.ctx, memberId);
    return reply.ok({
      rewards: rewards.map((r) => ({
        id: Number(r.id),
        status: r.status,
        point: Number(r.point),
        card_id: r.card_key,
        // The parcel of a shipped reward card, with its timeline (ADR 0027); null until shipped.
        shipment: r.parcel && presentHistoryShipment(r.parcel, r.parcel.events),
      })),
      cards: cards.map((c) => ({
        id: Number(c.id),
        name: c.name,
        image: c.image_url,
        model_number: c.model_number,
        rarity: Number(c.rarity),
      })),
    });
  });

  app.post('/user/rank_reward', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(chooseSchema, request.payload);
    const r = await chooseRankCard(app.ctx, memberId, {
      rewardId: input.reward_id,
      cardId: input.card_id,
      action: input.action,
    });
    return reply.ok({ status: r.status, point: r.point });
  });
};
