import type { FastifyPluginAsync } from 'fastify';
import { pushSubscriptionSchema, pushUnsubscribeSchema, saleStartNoticeSchema, saleStartOffSchema } from '@oripa/core';
import { parseInput, requireMember } from '../../http/input.ts';
import {
  cancelSaleStartNotice,
  listSaleStartNotices,
  requestSaleStartNotice,
  subscribePush,
  unsubscribePush,
} from '../../services/notices/sale-start-notices.ts';
import { stopSaleStartNotices } from '../../services/notices/sale-start-off.ts';

/** Notify me when a pack's sale starts, and this device's Web Push subscription (issue 22 §4, ADR 0051). */
export const saleStartNoticeRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  app.get('/user/pack/notify', async (request, reply) => {
    const memberId = requireMember(request);
    return reply.ok({ ...(await listSaleStartNotices(ctx, memberId, request.lang)) });
  });
  app.post('/user/pack/notify', async (request, reply) => {
    const memberId = requireMember(request);
    const { packId } = parseInput(saleStartNoticeSchema, request.payload);
    await requestSaleStartNotice(ctx, memberId, packId);
    return reply.ok();
  });
  app.post('/user/pack/notify/cancel', async (request, reply) => {
    const memberId = requireMember(request);
    const { packId } = parseInput(saleStartNoticeSchema, request.payload);
    await cancelSaleStartNotice(ctx, memberId, packId);
    return reply.ok();
  });
  // The mailed "stop these notices" link's page: no login, the signed key is the permission (sale-start-off.ts).
  app.post('/user/pack/notify/off', async (request, reply) => {
    const { key } = parseInput(saleStartOffSchema, request.payload);
    return reply.ok({ ...(await stopSaleStartNotices(ctx, key)) });
  });
  app.post('/user/push/subscribe', async (request, reply) => {
    const memberId = requireMember(request);
    const { subscription } = parseInput(pushSubscriptionSchema, request.payload);
    await subscribePush(ctx, memberId, subscription);
    return reply.ok();
  });
  app.post('/user/push/unsubscribe', async (request, reply) => {
    const memberId = requireMember(request);
    const { endpoint } = parseInput(pushUnsubscribeSchema, request.payload);
    await unsubscribePush(ctx, memberId, endpoint);
    return reply.ok();
  });
};
