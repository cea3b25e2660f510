import type { FastifyPluginAsync } from 'fastify';
import { endSession, startMemberSession } from './member-session.ts';
import { sendMailVerification } from '../../services/mail-verification.ts';
import { checkRegistration, registerFromForm } from '../../services/registration.ts';

/**
 * Registration: `POST /api/user/confirm` validates (the confirm page), `POST /api/user/append` validates again,
 * creates the member, mails the verification link and logs them in. Both are throttled per client address, and
 * only append says a mail is taken (issue 12 A9). Payload {lastName, middleName, firstName, tel, mail, pass,
 * confirmPass, referralCode}; the language decides middleName and the prefecture (services/registration.ts).
 */
export const registrationRoute: FastifyPluginAsync = async (app) => {
  app.post('/user/confirm', async (request, reply) => {
    await checkRegistration(app.ctx, request.payload, request.lang, request.ip);
    return reply.ok();
  });

  app.post('/user/append', async (request, reply) => {
    const memberId = await registerFromForm(app.ctx, request.payload, request.lang, request.ip);
    // The account exists; a mail that cannot go out now must not fail the registration (the member can ask again).
    await sendMailVerification(app.ctx, memberId).catch((err: unknown) =>
      request.log.warn({ err }, 'mail verification not sent'),
    );
    if (request.session.memberId !== null) await endSession(app.ctx, request, reply);
    request.session = await startMemberSession(app.ctx, reply, memberId, false);
    return reply.ok();
  });
};
