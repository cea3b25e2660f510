import type { FastifyPluginAsync } from 'fastify';
import { profileChangeSchema } from '@oripa/core';
import { parseInput, requireMember } from '../../http/input.ts';
import { changeProfile } from '../../services/account-settings.ts';

/** `POST /api/user/change {lastName, firstName, middleName, tel}`: name and phone with the registration rules. */
export const profileRoute: FastifyPluginAsync = async (app) => {
  app.post('/user/change', async (request, reply) => {
    const memberId = requireMember(request);
    // As in registration, the Japanese form has no middle name, so whatever arrives in it is not validated.
    const payload = request.lang === 'ja' ? { ...request.payload, middleName: '' } : request.payload;
    const input = parseInput(profileChangeSchema, payload);
    await changeProfile(app.ctx, memberId, input, request.lang);
    return reply.ok();
  });
};
