import type { FastifyPluginAsync } from 'fastify';
import { changePasswordSchema } from '@oripa/core';
import { parseInput, requireMember } from '../../http/input.ts';
import { changePassword } from '../../services/account-settings.ts';

/** `POST /api/user/change_password {pass, confirmPass}`: the member's other sessions end, this one stays. */
export const changePasswordRoute: FastifyPluginAsync = async (app) => {
  app.post('/user/change_password', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(changePasswordSchema, request.payload);
    await changePassword(app.ctx, memberId, input.pass, request.session.sid);
    return reply.ok();
  });
};
