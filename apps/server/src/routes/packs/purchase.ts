import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { idField, packBuySchema, packCheckSchema, packDecisionSchema, STATE_SPECIAL } from '@oripa/core';
import { notFound } from '../../app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';
import { presentClaimedCards, presentPurchaseResult, presentPurchaseView } from '../../presenters/pack.ts';
import { decide } from '../../services/packs/decision.ts';
import { buyWithToken, checkPurchase } from '../../services/packs/purchase.ts';
import { latestPurchase, loadPurchaseView } from '../../services/packs/purchase-results.ts';
import { rankUpOfPurchase } from '../../services/programmes/ranks/rank-ups.ts';

type QueryRequest = FastifyRequest<{ Querystring: { purchase_id?: string } }>;

/** Buying (check → buy), the draw result, conversion tracking and the ship-or-convert decision. */
export const packPurchaseRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.post('/user/pack/check', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(packCheckSchema, request.payload);
    return reply.ok({ ...(await checkPurchase(ctx, memberId, input.pack_id, input.count)) });
  });

  app.post('/user/pack/buy', async (request, reply) => {
    const memberId = requireMember(request);
    const { token } = parseInput(packBuySchema, request.payload);
    const bought = await buyWithToken(ctx, memberId, token);
    const { fresh } = bought;
    if (fresh) {
      const cards = presentClaimedCards(fresh.claimed, fresh.lineup, request.lang);
      return reply.ok({
        ...presentPurchaseResult(bought.purchaseId, bought.pack, fresh.createdAt, cards, request.lang),
      });
    }
    const view = (await loadPurchaseView(ctx, memberId, bought.purchaseId))!;
    return reply.ok({ ...presentPurchaseView(view, request.lang) });
  });

  // The reveal and the card-choice screen: the latest purchase with cards still to decide, or one named purchase.
  const result = async (request: QueryRequest, reply: import('fastify').FastifyReply) => {
    const memberId = requireMember(request);
    const raw = request.query.purchase_id;
    let purchaseId: number | null = null;
    if (raw !== undefined) {
      const parsed = idField.safeParse(raw);
      if (!parsed.success) throw notFound();
      purchaseId = parsed.data;
    }
    const view = await loadPurchaseView(ctx, memberId, purchaseId);
    if (!view) return reply.ok({ cards: [] });
    // Issue 11: a rank-up since the previous draw is shown after this reveal.
    const rankUp = await rankUpOfPurchase(ctx.db.pool, memberId, view.purchaseId, view.createdAt);
    return reply.ok({ ...presentPurchaseView(view, request.lang), ...rankUp });
  };
  app.get('/user/pack/gache_result', result);
  app.get('/user/pack/buy_result', result);

  app.get('/user/pack/gtm_gacha_result', async (request, reply) => {
    const memberId = requireMember(request);
    const last = await latestPurchase(ctx, memberId);
    if (!last) return reply.ok({ gacha_price: 0, gacha_num: 0, item_id: 0 });
    // item_id names the product bought, i.e. the pack, as the conversion tag expects.
    return reply.ok({ gacha_price: Number(last.price), gacha_num: last.count, item_id: Number(last.id) });
  });

  app.post('/user/pack/decision', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(packDecisionSchema, request.payload);
    const outcome = await decide(ctx, memberId, input.send_card, input.reduction_card);
    if (outcome.result === '1') return reply.ok({ result: '1', returned_point: outcome.returnedPoint });
    return reply.ok({ result: outcome.result }, STATE_SPECIAL);
  });
};
