import type { Lang } from '@oripa/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { requireMember, pageParam } from '../../http/input.ts';
import { presentCoinHistory, presentPointHistory, type LedgerHistoryRow } from '../../presenters/payment-history.ts';
import { ledgerHistory } from '../../services/payments/history.ts';

type PageRequest = FastifyRequest<{ Params: { page?: string } }>;

/** Point history (spec: /user/point/list[/{page}]) and coin history (/user/coin/list[/{page}], our path). */
export const pointHistoryRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  /** One page of the member's ledger in one currency, each row through that currency's presenter. */
  const history =
    <Row>(currency: 'point' | 'coin', present: (lang: Lang, r: LedgerHistoryRow) => Row) =>
    async (request: PageRequest, reply: FastifyReply) => {
      const memberId = requireMember(request);
      const { rows, page } = await ledgerHistory(
        ctx.db.pool,
        memberId,
        currency,
        pageParam(request.params.page),
        request.lang,
      );
      return reply.ok({ list: rows.map((r) => present(request.lang, r)), page });
    };
  for (const [path, handler] of [
    ['/user/point/list', history('point', presentPointHistory)],
    ['/user/coin/list', history('coin', presentCoinHistory)],
  ] as const) {
    app.get(path, handler);
    app.get(`${path}/:page`, handler);
    // The original client posts some list calls; answer both like the other list routes do.
    app.post(path, handler);
    app.post(`${path}/:page`, handler);
  }
};
