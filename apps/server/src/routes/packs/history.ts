import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { historyListSchema } from '@oripa/core';
import { notFound } from '../../app-error.ts';
import { parseInput, requireMember, pageParam } from '../../http/input.ts';
import { presentHistoryDetail, presentHistoryRow } from '../../presenters/pack.ts';
import { listHistory, loadHistoryDetail } from '../../services/packs/history.ts';

type PageRequest = FastifyRequest<{ Params: { page?: string; id?: string }; Querystring: { mode?: string } }>;

/** The member's pack purchase history: a filtered, paged list and one purchase's shipped and converted cards. */
export const historyRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  const list = async (request: PageRequest, reply: FastifyReply) => {
    const memberId = requireMember(request);
    const source = request.method === 'POST' ? request.payload : { mode: request.query.mode };
    const { mode } = parseInput(historyListSchema, source);
    const { rows, page } = await listHistory(ctx, memberId, mode, pageParam(request.params.page));
    return reply.ok({ list: rows.map((r) => presentHistoryRow(r, request.lang)), page, mode });
  };
  for (const path of ['/user/history/list', '/user/history/list/:page']) {
    app.get(path, list);
    app.post(path, list);
  }

  const detail = (kind: 'pack' | 'exchange') => async (request: PageRequest, reply: FastifyReply) => {
    const memberId = requireMember(request);
    const raw = request.params.id;
    if (!raw || !/^\d{1,15}$/.test(raw)) throw notFound();
    const d = await loadHistoryDetail(ctx, memberId, Number(raw), kind);
    return reply.ok({ detail: presentHistoryDetail(d, request.lang) });
  };
  app.get('/user/history/detail/:id', detail('pack'));
  // An exchanged card's row of the history (kind 'exchange'; ADR 0027): its card, decision and parcel.
  app.get('/user/history/exchange/:id', detail('exchange'));
};
