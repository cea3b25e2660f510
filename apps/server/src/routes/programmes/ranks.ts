import type { FastifyPluginAsync } from 'fastify';
import { rankDefinition, rankNameIn } from '@oripa/core';
import { requireMember } from '../../http/input.ts';
import { buyRankMaintenance } from '../../services/programmes/ranks/maintenance.ts';

/**
 * `POST /api/user/buy_rank` (spec section 7): keeps this month's rank with coins. The reply names what the
 * completion modal shows: the rank kept (next month's start rank), the coins used, the balance before and after.
 */
export const rankRoutes: FastifyPluginAsync = async (app) => {
  app.post('/user/buy_rank', async (request, reply) => {
    const memberId = requireMember(request);
    const r = await buyRankMaintenance(app.ctx, memberId);
    const def = rankDefinition(r.nextMonthRank);
    return reply.ok({
      rank: r.rank,
      next_month_rank: r.nextMonthRank,
      rank_name: rankNameIn(def.rank, request.lang),
      coin_used: r.coinsUsed,
      coin_before: r.coinBefore,
      coin_after: r.coinAfter,
    });
  });
};
