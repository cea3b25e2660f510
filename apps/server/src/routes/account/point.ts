import type { FastifyPluginAsync } from 'fastify';
import { GUEST_USER, presentCurrentUser } from '../../presenters/current-user.ts';
import { loadMember } from '../../services/members.ts';
import { rankStanding } from '../../services/programmes/ranks/maintenance.ts';

/** `GET /api/user/point`: the current user as top-level fields (spec section 3); every page asks this first. */
export const pointRoute: FastifyPluginAsync = async (app) => {
  app.get('/user/point', async (request, reply) => {
    const memberId = request.session.memberId;
    const member = memberId === null ? null : await loadMember(app.ctx, memberId);
    if (!member) return reply.ok({ ...GUEST_USER });
    const standing = await rankStanding(app.ctx.db.pool, member.id, member.rank, app.ctx.clock.now());
    return reply.ok({ ...presentCurrentUser(member, request.lang, standing) });
  });
};
