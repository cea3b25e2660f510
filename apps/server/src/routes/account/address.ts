import type { FastifyPluginAsync } from 'fastify';
import { addressSchema } from '@oripa/core';
import { loginRequired } from '../../app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';
import { presentUserDetail } from '../../presenters/user-detail.ts';
import { loadMember } from '../../services/members.ts';
import { saveAddress } from '../../services/account-settings.ts';

/**
 * `POST /api/user/append_address {zipcode, pref_id, shiku, address, building}` saves the shipping address and
 * answers the updated detail (the web reloads it anyway; this spares a round trip).
 */
export const addressRoute: FastifyPluginAsync = async (app) => {
  app.post('/user/append_address', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(addressSchema, request.payload);
    await saveAddress(app.ctx, memberId, input);
    const member = await loadMember(app.ctx, memberId);
    if (!member) throw loginRequired();
    return reply.ok({ detail: presentUserDetail(member, request.lang) });
  });
};
