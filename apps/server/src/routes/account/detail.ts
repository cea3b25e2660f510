import type { FastifyPluginAsync } from 'fastify';
import { loginRequired } from '../../app-error.ts';
import { requireMember } from '../../http/input.ts';
import { presentUserDetail } from '../../presenters/user-detail.ts';
import { loadMember } from '../../services/members.ts';

/** `GET /api/user/detail`: profile, shipping address and referral code of the logged-in member. */
export const detailRoute: FastifyPluginAsync = async (app) => {
  app.get('/user/detail', async (request, reply) => {
    const member = await loadMember(app.ctx, requireMember(request));
    if (!member) throw loginRequired();
    return reply.ok({ detail: presentUserDetail(member, request.lang) });
  });
};
