import { pageParam, parseInput, pathId } from '../../http/input.ts';
import { listPacksOfTypeSorted } from '../../services/packs/pack-list.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FAIRNESS_ALGORITHM, formatTokyo, packListQuerySchema, type PackFairnessReply } from '@oripa/core';
import { presentLastOne, presentLineupCard, presentPackDetail, presentPackSummary } from '../../presenters/pack.ts';
import {
  buyerFacts,
  drawLog,
  DRAW_LOG_SIZE,
  listPacks,
  loadLastOne,
  loadLineup,
  loadLineupPage,
  loadPack,
  loadPackWithRanks,
} from '../../services/packs/pack-catalog.ts';
import { loadDraftPreview } from '../../services/packs/pack-preview.ts';
import { cachedDrop, dropInfo } from '../../services/drops/waiting-room.ts';

type PageParams = FastifyRequest<{ Params: { type?: string; packId?: string; page?: string } }>;

/** Browsing: the pack list, one card type's packs, a pack's lineup, its detail and its fairness record. */
export const packRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  // The spec lists /user/pack/list under GET and POST; both answer the same.
  const list = async (request: FastifyRequest, reply: FastifyReply) => {
    const [listed, buyer] = await Promise.all([listPacks(ctx), buyerFacts(ctx, request.session.memberId)]);
    const now = ctx.clock.now();
    return reply.ok({ list: listed.map((l) => presentPackSummary(l.pack, l.remaining, buyer, request.lang, now)) });
  };
  app.get('/user/pack/list', list);
  app.post('/user/pack/list', list);

  const allList = async (request: PageParams, reply: FastifyReply) => {
    const type = pathId(request.params.type);
    // Sorted and filtered before paging (issue 13): ?sort=new|price|remaining&filter=all|onSale|soon|soldOut.
    const order = parseInput(packListQuerySchema, request.query ?? {});
    const [{ listed, page }, buyer] = await Promise.all([
      listPacksOfTypeSorted(ctx, type, pageParam(request.params.page), order),
      buyerFacts(ctx, request.session.memberId),
    ]);
    const now = ctx.clock.now();
    const items = listed.map((l) => presentPackSummary(l.pack, l.remaining, buyer, request.lang, now));
    return reply.ok({ list: items, page });
  };
  app.get('/user/pack/all_list/:type', allList);
  app.get('/user/pack/all_list/:type/:page', allList);

  const cardList = async (request: PageParams, reply: FastifyReply) => {
    const { rows, page } = await loadLineupPage(ctx, pathId(request.params.packId), pageParam(request.params.page));
    return reply.ok({ list: rows.map((c) => presentLineupCard(c, request.lang)), page });
  };
  app.get('/user/pack/card_list/:packId', cardList);
  app.get('/user/pack/card_list/:packId/:page', cardList);
  // POST /user/pack/card {pack_id, page} (page defaults to 1): the same lineup page.
  app.post('/user/pack/card', async (request, reply) => {
    const p = request.payload;
    const { rows, page } = await loadLineupPage(ctx, pathId(String(p.pack_id ?? '')), pageParam(p.page));
    return reply.ok({ list: rows.map((c) => presentLineupCard(c, request.lang)), page });
  });

  app.get('/user/pack/detail/:packId', async (request: PageParams, reply) => {
    const packId = pathId(request.params.packId);
    const { pack, remaining, byRank } = await loadPackWithRanks(ctx, packId);
    const [lineup, log, buyer, lastOne, drop] = await Promise.all([
      loadLineup(ctx, packId),
      drawLog(ctx, packId, DRAW_LOG_SIZE),
      buyerFacts(ctx, request.session.memberId),
      loadLastOne(ctx, packId),
      cachedDrop(ctx, packId),
    ]);
    const summary = presentPackSummary(pack, remaining, buyer, request.lang, ctx.clock.now());
    const detail = presentPackDetail(
      summary,
      pack,
      lineup,
      byRank,
      log,
      request.lang,
      presentLastOne(lastOne, request.lang),
    );
    // A drop's page waits in its queue before it offers the buy buttons (issue 22).
    return reply.ok({ detail, drop: drop && dropInfo(drop) });
  });

  // Staff's preview of a draft (issue 10), by the signed short-lived link the console hands out; anything else 404.
  app.get('/user/pack/preview/:token', async (request: FastifyRequest<{ Params: { token: string } }>, reply) => {
    const { pack, lineup, remaining, total, lastOne } = await loadDraftPreview(ctx, request.params.token);
    const summary = presentPackSummary(pack, total, null, request.lang, ctx.clock.now());
    const lang = request.lang;
    const detail = presentPackDetail(summary, pack, lineup, remaining, [], lang, presentLastOne(lastOne, lang));
    return reply.ok({ detail, preview: '1' });
  });

  app.get('/user/pack/fairness/:packId', async (request: PageParams, reply) => {
    const packId = pathId(request.params.packId);
    const { pack } = await loadPack(ctx, packId);
    const [lineup, log, lastOne] = await Promise.all([
      loadLineup(ctx, packId),
      drawLog(ctx, packId, null),
      loadLastOne(ctx, packId),
    ]);
    const body: PackFairnessReply = {
      pack_id: packId,
      total_pack_count: pack.total_tickets,
      fairness: {
        seed_hash: pack.seed_hash,
        seed: pack.revealed_seed,
        revealed_at: pack.revealed_at ? formatTokyo(pack.revealed_at) : null,
        algorithm: FAIRNESS_ALGORITHM,
      },
      cards: lineup.map((c) => ({ id: Number(c.id), rank: c.rank, set_count: c.set_count })),
      draws: log
        .map((d) => ({
          ticket_no: d.ticket_no,
          rank: d.rank,
          card_id: Number(d.pack_card_id),
          created: formatTokyo(d.created_at),
        }))
        .sort((a, b) => a.ticket_no - b.ticket_no),
      last_one: lastOne && {
        card_id: Number(lastOne.card.id),
        award: lastOne.award && {
          card_id: Number(lastOne.award.pack_card_id),
          first_ticket: lastOne.award.first_ticket,
          last_ticket: lastOne.award.last_ticket,
        },
      },
    };
    return reply.ok(body as unknown as Record<string, unknown>);
  });
};
