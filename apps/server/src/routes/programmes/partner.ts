import type { FastifyPluginAsync } from 'fastify';
import { partnerLoginSchema, translateMessage, transferPointSchema, type PartnerSiteItem } from '@oripa/core';
import { AppError } from '../../app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';
import { linkPartner, partnerSites, transferFromPartner } from '../../services/programmes/partner/transfer.ts';

/**
 * Partner-site point transfer (spec sections 2, 5, 7): GET /user/transfer/point lists the sites with their status,
 * POST /user/transfer/login links one (reply `result`), POST /user/transfer/point moves points from it to here
 * (reply `error`, '' on success). Direction and reconciliation: ADR 0023.
 */
export const partnerRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  app.get('/user/transfer/point', async (request, reply) => {
    const memberId = requireMember(request);
    const list: PartnerSiteItem[] = (await partnerSites(ctx, memberId)).map((s) => ({
      id: s.site.id,
      name: request.lang === 'en' ? s.site.name_en : s.site.name,
      status: s.linked ? '1' : '0',
      point: s.point === null ? '' : String(s.point),
      pending: s.pending ? '1' : '0',
    }));
    return reply.ok({ list });
  });

  app.post('/user/transfer/login', async (request, reply) => {
    const memberId = requireMember(request);
    const input = parseInput(partnerLoginSchema, request.payload);
    if (await linkPartner(ctx, memberId, input)) return reply.ok({ result: true });
    const message = translateMessage(request.lang, 'partnerLoginFailed');
    return reply.ok({ result: false, errors: { loginid: [message] }, reason: 'partner_login_failed' }, 400);
  });

  app.post('/user/transfer/point', async (request, reply) => {
    const memberId = requireMember(request);
    try {
      const input = parseInput(transferPointSchema, request.payload);
      const outcome = await transferFromPartner(ctx, memberId, input);
      if (outcome.status === 'done') return reply.ok({ error: '', status: 'done', point: outcome.point });
      // The partner's answer is unknown: the transfer waits for the reconcile job; the popup alerts this text.
      return reply.ok({ error: translateMessage(request.lang, 'partnerUnavailable'), status: 'pending' });
    } catch (err) {
      if (!(err instanceof AppError) || err.state === 401) throw err;
      const key = Object.values(err.fields)[0]?.[0] ?? 'invalid';
      const message = translateMessage(request.lang, key);
      return reply.ok({ error: message, errors: { point: [message] }, reason: err.reason }, err.state);
    }
  });
};
