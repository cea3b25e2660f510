import type { FastifyPluginAsync } from 'fastify';
import { reissueCompleteSchema, reissueRequestSchema } from '@oripa/core';
import { parseInput } from '../../http/input.ts';
import {
  completePasswordReset,
  isResetTokenUsable,
  requestPasswordReset,
  resetTokenInvalid,
} from '../../services/password-reset.ts';

// The mailed link carries a 43-character base64url token; anything else cannot be one of ours.
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/**
 * Password reissue: `POST /api/user/reset_password {mail}` (always 200 for a well-formed mail),
 * `GET /api/user/reset_password/check/{token}` (200 while the link is usable, else 400), and
 * `POST /api/user/reset_password/complete {token, pass, confirmPass}`.
 */
export const passwordResetRoute: FastifyPluginAsync = async (app) => {
  app.post('/user/reset_password', async (request, reply) => {
    const { mail } = parseInput(reissueRequestSchema, request.payload);
    await requestPasswordReset(app.ctx, mail, request.ip);
    return reply.ok();
  });

  app.get<{ Params: { token: string } }>('/user/reset_password/check/:token', async (request, reply) => {
    const { token } = request.params;
    if (!TOKEN_PATTERN.test(token) || !(await isResetTokenUsable(app.ctx, token))) throw resetTokenInvalid();
    return reply.ok();
  });

  app.post('/user/reset_password/complete', async (request, reply) => {
    const input = parseInput(reissueCompleteSchema, request.payload);
    await completePasswordReset(app.ctx, input.token, input.pass);
    return reply.ok();
  });
};
