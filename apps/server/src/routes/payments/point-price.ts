import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { idField } from '@oripa/core';
import { z } from 'zod';
import { parseInput, pageParam } from '../../http/input.ts';
import { presentPayStyles } from '../../presenters/payment-styles.ts';
import { presentCourseDetail, presentCourseList } from '../../presenters/point-course.ts';
import { courseDetail, coursePage, purchasableCourse } from '../../services/payments/courses.ts';
import { offeredGateway } from '../../services/payments/method-switches.ts';

/** Point courses (public: guests see base prices, members their rank bonus) and the offered pay list. */
export const pointPriceRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;

  const list = async (request: FastifyRequest<{ Params: { page?: string } }>, reply: FastifyReply) => {
    const page = pageParam(request.params.page);
    const courses = await coursePage(ctx.db.pool, request.session.memberId, page, request.lang);
    return reply.ok(presentCourseList(courses));
  };
  app.get('/user/point_price', list);
  app.get('/user/point_price/:page', list);

  // Coin courses (issue 11, ADR 0020; our path): bought through /user/point/buy like point courses.
  const coinList = async (request: FastifyRequest<{ Params: { page?: string } }>, reply: FastifyReply) => {
    const page = pageParam(request.params.page);
    const courses = await coursePage(ctx.db.pool, request.session.memberId, page, request.lang, 'coin');
    return reply.ok(presentCourseList(courses));
  };
  app.get('/user/coin_price', coinList);
  app.get('/user/coin_price/:page', coinList);

  app.get<{ Params: { id: string } }>('/user/point_price/detail/:id', async (request, reply) => {
    const { id } = parseInput(z.object({ id: idField }), request.params);
    const detail = await courseDetail(ctx.db.pool, request.session.memberId, id, request.lang);
    return reply.ok(presentCourseDetail(detail));
  });

  // The spec's pay list carries the course's point and price beside the list; the confirm page names its course
  // as pointPriceId (its own query key), older callers ask without one and get 0 for both.
  const payStyleQuery = z.object({ pointPriceId: idField.optional(), point_price_id: idField.optional() });
  app.get('/user/pay_style', async (request, reply) => {
    const q = parseInput(payStyleQuery, request.query ?? {});
    const courseId = q.pointPriceId ?? q.point_price_id;
    const course = courseId === undefined ? null : await purchasableCourse(ctx.db.pool, courseId);
    const offered = await offeredGateway(ctx);
    return reply.ok({ ...presentPayStyles(request.lang, offered, ctx.config.payments, course) });
  });
};
