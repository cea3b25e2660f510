import type { FastifyPluginAsync } from 'fastify';
import { formatTokyo } from '@oripa/core';
import {
  bannerModeSchema,
  bannerSchema,
  cardTypeSchema,
  couponSchema,
  idField,
  intField,
  pointCourseSchema,
  postSchema,
} from '@oripa/core/admin';
import { z } from 'zod';
import { parseInput } from '../../http/input.ts';
import { requireStaff } from '../../http/admin/staff-guard.ts';
import {
  bannerList,
  cardTypeList,
  couponList,
  courseList,
  createBanner,
  createCoupon,
  createCourse,
  createPost,
  deleteBanner,
  postList,
  saveCardType,
  setBannerMode,
  updateBanner,
  updateCoupon,
  updateCourse,
  updatePost,
} from '../../services/admin/catalogue/content.ts';

const WRITE = { permission: 'content.write' } as const;
const idParams = z.object({ id: idField });
const pageQuery = z.object({
  page: intField(1, 100_000).optional().default(1),
  per_page: intField(1, 100).optional().default(20),
});
const time = (d: Date | null) => (d ? formatTokyo(d) : null);

/**
 * Content of the shop (operator): banners (carousel mode, images, links, order, schedule), community posts, card
 * types and 'coming soon', point courses, coupons with their use figures. Writes are audited
 * (services/admin/catalogue/content.ts).
 */
export const contentRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.ctx;
  const staff = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request);

  app.get('/content/banners', { config: WRITE }, async (_request, reply) => {
    const { mode, rows } = await bannerList(ctx);
    return reply.ok({
      mode,
      rows: rows.map((r) => ({ ...r, id: Number(r.id), starts_at: time(r.starts_at), ends_at: time(r.ends_at) })),
    });
  });
  app.post('/content/banners/mode', { config: WRITE }, async (request, reply) => {
    const { mode } = parseInput(bannerModeSchema, request.payload);
    await setBannerMode(ctx, staff(request), mode);
    return reply.ok({ mode });
  });
  app.post('/content/banners', { config: WRITE }, async (request, reply) => {
    const input = parseInput(bannerSchema, request.payload);
    return reply.ok({ id: await createBanner(ctx, staff(request), input) });
  });
  app.post('/content/banners/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await updateBanner(ctx, staff(request), id, parseInput(bannerSchema, request.payload));
    return reply.ok({ id });
  });
  app.post('/content/banners/:id/delete', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await deleteBanner(ctx, staff(request), id);
    return reply.ok({ id });
  });

  app.get('/content/posts', { config: WRITE }, async (request, reply) => {
    const q = parseInput(pageQuery, request.query);
    const { rows, total } = await postList(ctx, q.per_page, (q.page - 1) * q.per_page);
    return reply.ok({
      rows: rows.map((r) => ({ ...r, id: Number(r.id), published_at: time(r.published_at) })),
      total,
      page: q.page,
      per_page: q.per_page,
    });
  });
  app.post('/content/posts', { config: WRITE }, async (request, reply) => {
    const input = parseInput(postSchema, request.payload);
    return reply.ok({ id: await createPost(ctx, staff(request), input) });
  });
  app.post('/content/posts/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await updatePost(ctx, staff(request), id, parseInput(postSchema, request.payload));
    return reply.ok({ id });
  });

  app.get('/content/card-types', { config: WRITE }, async (_request, reply) =>
    reply.ok({ rows: await cardTypeList(ctx) }),
  );
  app.post('/content/card-types', { config: WRITE }, async (request, reply) => {
    const input = parseInput(cardTypeSchema, request.payload);
    await saveCardType(ctx, staff(request), input);
    return reply.ok({ id: input.id });
  });

  app.get('/content/point-courses', { config: WRITE }, async (_request, reply) =>
    reply.ok({
      rows: (await courseList(ctx)).map((r) => ({
        ...r,
        id: Number(r.id),
        point: Number(r.point),
        price: Number(r.price),
      })),
    }),
  );
  app.post('/content/point-courses', { config: WRITE }, async (request, reply) => {
    const input = parseInput(pointCourseSchema, request.payload);
    return reply.ok({ id: await createCourse(ctx, staff(request), input) });
  });
  app.post('/content/point-courses/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await updateCourse(ctx, staff(request), id, parseInput(pointCourseSchema, request.payload));
    return reply.ok({ id });
  });

  app.get('/content/coupons', { config: WRITE }, async (_request, reply) =>
    reply.ok({
      rows: (await couponList(ctx)).map((r) => ({
        ...r,
        id: Number(r.id),
        point: Number(r.point),
        points_granted: Number(r.points_granted),
        starts_at: time(r.starts_at),
        ends_at: time(r.ends_at),
      })),
    }),
  );
  app.post('/content/coupons', { config: WRITE }, async (request, reply) => {
    const input = parseInput(couponSchema, request.payload);
    return reply.ok({ id: await createCoupon(ctx, staff(request), input) });
  });
  app.post('/content/coupons/:id', { config: WRITE }, async (request, reply) => {
    const { id } = parseInput(idParams, request.params);
    await updateCoupon(ctx, staff(request), id, parseInput(couponSchema, request.payload));
    return reply.ok({ id });
  });
};
