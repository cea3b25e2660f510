import type { FastifyPluginAsync } from 'fastify';
import { tickerNameSchema } from '@oripa/core';
import { parseInput, requireMember } from '../../http/input.ts';
import { changeTickerName, tickerName } from '../../services/ticker-name.ts';

/**
 * `GET /api/user/ticker_name` and `POST /api/user/ticker_name {ticker_name: 'anonymous' | 'initial'}`: how the live
 * hit ticker shows the member's S and A draws to every open page (My Page; ADR 0059).
 */
export const tickerNameRoute: FastifyPluginAsync = async (app) => {
  app.get('/user/ticker_name', async (request, reply) => {
    const memberId = requireMember(request);
    return reply.ok({ ...(await tickerName(app.ctx, memberId)) });
  });
  app.post('/user/ticker_name', async (request, reply) => {
    const memberId = requireMember(request);
    const { ticker_name } = parseInput(tickerNameSchema, request.payload);
    return reply.ok({ ...(await changeTickerName(app.ctx, memberId, ticker_name)) });
  });
};
