import type { FastifyPluginAsync } from 'fastify';
import { endSession, startMemberSession } from '../../http/session.ts';
import { registerMember, validateRegistration } from '../../services/registration.ts';

/**
 * Registration: `POST /api/user/confirm` validates (the confirm page), `POST /api/user/append` validates again
 * and creates the member, then logs them in. Payload {lastName, middleName, firstName, tel, mail, pass,
 * confirmPass, referralCode}; the language decides middleName and the prefecture (services/registration.ts).
 */
export const registrationRoute: FastifyPluginAsync = async (app) => {
  app.post('/user/confirm', async (request, reply) => {
    await validateRegistration(app.ctx, request.payload, request.lang);
    return reply.ok();
  });

  app.post('/user/append', async (request, reply) => {
    const member = await validateRegistration(app.ctx, request.payload, request.lang);
    const memberId = await registerMember(app.ctx, member);
    if (request.session.memberId !== null) await endSession(app.ctx, request, reply);
    request.session = await startMemberSession(app.ctx, reply, memberId, false);
    return reply.ok();
  });
};
