import type { FastifyPluginAsync } from 'fastify';
import { couponUseSchema } from '@oripa/core';
import { AppError } from '../../app-error.ts';
import { parseInput, requireMember } from '../../http/input.ts';
import { presentCouponRefusal, presentCouponUse } from '../../presenters/coupon.ts';
import { useCoupon } from '../../services/coupons.ts';

/** POST /api/user/coupon/use {couponCode}: the reply's `error` is '' or the message shown under the input. */
export const couponRoutes: FastifyPluginAsync = async (app) => {
  app.post('/user/coupon/use', async (request, reply) => {
    const memberId = requireMember(request);
    try {
      const { couponCode } = parseInput(couponUseSchema, request.payload);
      return reply.ok({ ...presentCouponUse(await useCoupon(app.ctx, memberId, couponCode)) });
    } catch (err) {
      // Refusals (a bad code as much as a used-up coupon) answer 400 with the message under the input.
      if (!(err instanceof AppError) || err.state !== 400) throw err;
      return reply.ok(presentCouponRefusal(request.lang, err), 400);
    }
  });
};
