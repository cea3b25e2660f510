import { pageParam } from '../../http/input.ts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';

import { presentBanner, presentCardType, presentPost } from '../../presenters/site.ts';
import { listCardTypes, listPosts, loadBanners } from '../../services/site-content.ts';

/** Public site content of the top page: the banner carousel, the community posts and the card types. */
export const siteRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/user/banner', async (request, reply) => {
    const { mode, rows } = await loadBanners(ctx);
    return reply.ok({ mode, list: rows.map((r) => presentBanner(r, request.lang)) });
  });

  // The spec lists the post list under GET; the original client also POSTs it, so both are answered.
  const postList = async (request: FastifyRequest<{ Params: { page?: string } }>, reply: FastifyReply) => {
    const { rows, page } = await listPosts(ctx, pageParam(request.params.page));
    return reply.ok({ list: rows.map((r) => presentPost(r, request.lang)), page });
  };
  for (const path of ['/user/post/list', '/user/post/list/:page']) {
    app.get(path, postList);
    app.post(path, postList);
  }

  app.get('/user/card_type', async (request, reply) => {
    const rows = await listCardTypes(ctx);
    return reply.ok({ list: rows.map((r) => presentCardType(r, request.lang)) });
  });
};
