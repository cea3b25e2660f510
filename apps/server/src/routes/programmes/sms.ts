import { checkSmsSchema, sendSmsSchema } from '@oripa/core';
import type { FastifyPluginAsync } from 'fastify';
import { parseInput, requireMember } from '../../http/input.ts';
import { checkSmsCode, sendSmsCode } from '../../services/programmes/sms/verification.ts';

/**
 * SMS verification (spec section 7): `POST /api/user/send_sms {tel}` (refusals in errors.tel or errors.user_id)
 * and `POST /api/user/check_sms {sms_code}` (refusals in errors.sms_code). A good code answers the bonus granted.
 */
export const smsRoutes: FastifyPluginAsync = async (app) => {
  app.post('/user/send_sms', async (request, reply) => {
    const memberId = requireMember(request);
    const { tel } = parseInput(sendSmsSchema, request.payload);
    await sendSmsCode(app.ctx, memberId, tel, request.ip);
    return reply.ok({});
  });

  app.post('/user/check_sms', async (request, reply) => {
    const memberId = requireMember(request);
    const { sms_code } = parseInput(checkSmsSchema, request.payload);
    const { bonus } = await checkSmsCode(app.ctx, memberId, sms_code);
    return reply.ok({ end_sms: '1', bonus_point: bonus });
  });
};
