import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  exchangeCheckSchema,
  exchangeDecisionSchema,
  exchangeSchema,
  pageObject,
  STATE_SPECIAL,
  type ExchangeCheckReply,
  type ExchangeListReply,
  type ExchangeReply,
} from '@oripa/core';
import { pageParam, parseInput, requireMember } from '../../http/input.ts';
import { presentExchangeCard, presentExchangeOrder } from '../../presenters/exchange.ts';
import {
  checkExchange,
  decideExchange,
  exchangeCard,
  exchangeCatalogue,
} from '../../services/programmes/exchange/exchange.ts';

type PageRequest = FastifyRequest<{ Params: { page?: string } }>;

/**
 * The exchange corner (spec section 7): /user/exchange_card/list[/{page}], /check, /exchange, and our
 * /decision (ship or convert the exchanged card, like a drawn card). Priced in points (ADR 0022).
 */
export const exchangeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  const list = async (request: PageRequest, reply: FastifyReply) => {
    const memberId = requireMember(request);
    const page = pageParam(request.params.page);
    const { cards, total, pending, perPage } = await exchangeCatalogue(ctx.db.pool, memberId, page);
    const body: ExchangeListReply = {
      list: cards.map((c) => presentExchangeCard(request.lang, c)),
      pending: pending.map((o) => presentExchangeOrder(request.lang, o, o.card)),
      page: pageObject(page, total, perPage),
    };
    return reply.ok({ ...body });
  };
  for (const path of ['/user/exchange_card/list', '/user/exchange_card/list/:page']) {
    app.get(path, list);
    app.post(path, list);
  }

  app.post('/user/exchange_card/check', async (request, reply) => {
    const memberId = requireMember(request);
    const { exchange_card_id } = parseInput(exchangeCheckSchema, request.payload);
    const c = await checkExchange(ctx, memberId, exchange_card_id);
    const body: ExchangeCheckReply = {
      card: presentExchangeCard(request.lang, c.card),
      point_before: c.pointBefore,
      point_after: c.pointAfter,
    };
    return reply.ok({ ...body });
  });

  app.post('/user/exchange_card/exchange', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(exchangeSchema, request.payload);
    const done = await exchangeCard(ctx, memberId, input.exchange_card_id, input.request_key);
    const body: ExchangeReply = {
      order: presentExchangeOrder(request.lang, done.order, done.card),
      point: done.balance,
    };
    return reply.ok({ ...body });
  });

  app.post('/user/exchange_card/decision', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(exchangeDecisionSchema, request.payload);
    const outcome = await decideExchange(ctx, memberId, input.exchange_id, input.action);
    if (outcome.result === '1') return reply.ok({ result: '1', returned_point: outcome.returnedPoint });
    return reply.ok({ result: outcome.result }, STATE_SPECIAL);
  });
};
