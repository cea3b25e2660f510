import type { FastifyPluginAsync } from 'fastify';
import { loginSchema } from '@oripa/core';
import { refuseCrossSite } from '../../http/cross-site.ts';
import { parseInput } from '../../http/input.ts';
import { endSession, startMemberSession } from './member-session.ts';
import { authenticate, rememberLanguage } from '../../services/login.ts';

/**
 * `POST /api/user/login {mail, pass, save_cookie}` and `GET /api/user/logout`. save_cookie '1' makes the session
 * cookie persistent (30 days); otherwise it ends with the browser. The reply's CSRF pair is bound to the new
 * session, so the client can keep posting without another round trip.
 */
export const loginRoute: FastifyPluginAsync = async (app) => {
  app.post('/user/login', async (request, reply) => {
    const input = parseInput(loginSchema, request.payload);
    const memberId = await authenticate(app.ctx, input, request.ip);
    await rememberLanguage(app.ctx, memberId, request.lang);
    // Logging in over a member session replaces it rather than leaving the old one alive.
    if (request.session.memberId !== null) await endSession(app.ctx, request, reply);
    request.session = await startMemberSession(app.ctx, reply, memberId, input.save_cookie);
    return reply.ok();
  });

  app.get('/user/logout', async (request, reply) => {
    // A GET by the spec, so a link on another site could log a member out (issue 12 A5).
    refuseCrossSite(request);
    request.session = await endSession(app.ctx, request, reply);
    return reply.ok();
  });
};
