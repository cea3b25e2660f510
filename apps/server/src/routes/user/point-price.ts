import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { couponBonusPoints, idField, pageObject, type PointCourse, type PointCourseDetail } from '@oripa/core';
import { z } from 'zod';
import { AppError } from '../../http/app-error.ts';
import { parseInput, pageParam } from '../../http/input.ts';
import { presentPayStyles } from '../../presenters/payment-styles.ts';
import { pendingCouponBonus } from '../../services/coupons.ts';
import {
  COURSES_PER_PAGE,
  findCourse,
  listCourses,
  memberRank,
  priceCourse,
  type PricedCourse,
} from '../../services/payments/courses.ts';
import { gatewayFor } from '../../services/payments/gateway.ts';

const present = (c: PricedCourse, couponPending: boolean): PointCourse => ({
  id: c.id,
  point: c.point,
  append_point: c.appendPoint,
  price: c.price,
  discount: c.discount,
  memo: c.memo,
  pointPriceUseCoupon: couponPending ? '1' : '0',
});

/** Point courses (public: guests see base prices, members their rank bonus) and the offered pay list. */
export const pointPriceRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  const list = async (request: FastifyRequest<{ Params: { page?: string } }>, reply: FastifyReply) => {
    const memberId = request.session.memberId;
    const rank = await memberRank(ctx.db.pool, memberId);
    const coupon = await pendingCouponBonus(ctx.db.pool, memberId);
    const page = pageParam(request.params.page);
    const { rows, total } = await listCourses(ctx.db.pool, page);
    const priced = rows.map((r) => priceCourse(r, rank, request.lang));
    return reply.ok({
      list: priced.map((c) => present(c, coupon !== null)),
      is_discount: priced.some((c) => c.appendPoint > 0) ? '1' : '0',
      page: pageObject(page, total, COURSES_PER_PAGE),
    });
  };
  app.get('/user/point_price', list);
  app.get('/user/point_price/:page', list);

  app.get<{ Params: { id: string } }>('/user/point_price/detail/:id', async (request, reply) => {
    const { id } = parseInput(z.object({ id: idField }), request.params);
    const row = await findCourse(ctx.db.pool, id);
    if (!row) throw new AppError('not_found', { point_price_id: ['courseNotFound'] }, 'course_not_found');
    const memberId = request.session.memberId;
    const c = priceCourse(row, await memberRank(ctx.db.pool, memberId), request.lang);
    const coupon = await pendingCouponBonus(ctx.db.pool, memberId);
    const couponPoint = coupon ? couponBonusPoints(c.point, coupon) : 0;
    const detail: PointCourseDetail = {
      ...present(c, coupon !== null),
      coupon_point: couponPoint,
      total_point: c.point + c.appendPoint + couponPoint,
    };
    return reply.ok({ detail, point: c.point, price: c.price });
  });

  app.get('/user/pay_style', async (request, reply) => {
    const gw = gatewayFor(ctx);
    return reply.ok({ list: presentPayStyles(request.lang, (id) => gw.supports(id)) });
  });
};
