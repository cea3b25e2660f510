import type { FastifyPluginAsync } from 'fastify';
import { couponUseSchema, translateMessage, type CouponUseReply } from '@oripa/core';
import { AppError } from '../../http/app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';
import { useCoupon } from '../../services/coupons.ts';

/** POST /api/user/coupon/use {couponCode}: the reply's `error` is '' or the message shown under the input. */
export const couponRoutes: FastifyPluginAsync = async (app) => {
  app.post('/user/coupon/use', async (request, reply) => {
    const memberId = requireMember(request);
    try {
      const { couponCode } = parseInput(couponUseSchema, request.payload);
      const used = await useCoupon(app.ctx, memberId, couponCode);
      const out: CouponUseReply = { error: '', kind: used.kind, point: used.point };
      return reply.ok({ ...out });
    } catch (err) {
      if (!(err instanceof AppError) || err.state !== 400) throw err;
      const key = err.fields.couponCode?.[0] ?? Object.values(err.fields)[0]?.[0] ?? 'invalid';
      const message = translateMessage(request.lang, key);
      return reply.ok({ error: message, errors: { couponCode: [message] }, reason: err.reason }, 400);
    }
  });
};
