import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { parseInput, requireMember } from '../../http/input.ts';
import { confirmMailVerification, isMailVerified, resendMailVerification } from '../../services/mail-verification.ts';

const tokenInput = z.object({ token: z.string().min(1).max(200) });

/**
 * Mail verification (issue 12 A9): `POST /api/user/mail/verify {token}` (the /verify-mail page, from the mailed
 * link; no login needed, the token is the proof), `POST /api/user/mail/verify/send` (a member asks for a new
 * link) and `GET /api/user/mail/verify` ({mail_verified} of the logged-in member).
 */
export const mailVerificationRoute: FastifyPluginAsync = async (app) => {
  app.post('/user/mail/verify', async (request, reply) => {
    const { token } = parseInput(tokenInput, request.payload);
    await confirmMailVerification(app.ctx, token);
    return reply.ok({ mail_verified: true });
  });

  app.post('/user/mail/verify/send', async (request, reply) => {
    await resendMailVerification(app.ctx, requireMember(request));
    return reply.ok();
  });

  app.get('/user/mail/verify', async (request, reply) => {
    return reply.ok({ mail_verified: await isMailVerified(app.ctx, requireMember(request)) });
  });
};
