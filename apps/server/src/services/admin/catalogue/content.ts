import type { BannerInput, CardTypeInput, CouponInput, PointCourseInput, PostInput } from '@oripa/core/admin';
import { adminMsg } from '@oripa/core/admin';
import type { AppContext } from '../../../context.ts';
import { AppError, notFound } from '../../../app-error.ts';
import {
  deleteBannerRow,
  findCouponIdByCode,
  insertBannerRow,
  insertCouponRow,
  insertCourseRow,
  insertPostRow,
  listAllBanners,
  listAllCardTypes,
  listAllCoupons,
  listAllCourses,
  listAllPosts,
  updateBannerRow,
  updateCouponRow,
  updateCourseRow,
  updatePostRow,
  upsertCardType,
} from '../../../db/queries/admin-content.ts';
import { findSetting, upsertSetting } from '../../../db/queries/settings.ts';
import { clearSiteContentCache } from '../../site-content.ts';
import { withAudit, type AuditAction } from '../audit.ts';
import type { StaffIdentity } from '../staff-sessions.ts';

/**
 * The console's content (issue 10): banners and the carousel mode, community posts, card types with their
 * 'coming soon' flag, point courses, coupons. Every write is audited with before/after and clears this
 * instance's site cache (other instances see the change within SITE_CACHE_MS).
 */

async function audited<T>(
  ctx: AppContext,
  staff: StaffIdentity,
  action: AuditAction['action'],
  targetType: string,
  targetId: number | null,
  work: Parameters<typeof withAudit<T>>[3],
): Promise<T> {
  const out = await withAudit(ctx, staff, { action, targetType, targetId }, work);
  clearSiteContentCache(ctx);
  return out;
}

export async function bannerList(ctx: AppContext) {
  const [mode, rows] = await Promise.all([findSetting(ctx.db.pool, 'banner_mode'), listAllBanners(ctx.db.pool)]);
  return { mode: mode === '1' ? '1' : '0', rows };
}

export const setBannerMode = (ctx: AppContext, staff: StaffIdentity, mode: '0' | '1') =>
  audited(ctx, staff, 'banner.mode', 'setting', null, async (tx) => {
    const before = await findSetting(tx, 'banner_mode');
    await upsertSetting(tx, 'banner_mode', mode);
    return { before: { mode: before }, after: { mode }, result: null };
  });

export const createBanner = (ctx: AppContext, staff: StaffIdentity, b: BannerInput) =>
  audited(ctx, staff, 'banner.create', 'banner', null, async (tx) => {
    const id = await insertBannerRow(tx, b);
    return { before: null, after: { id, ...b }, result: id };
  });

export const updateBanner = (ctx: AppContext, staff: StaffIdentity, id: number, b: BannerInput) =>
  audited(ctx, staff, 'banner.update', 'banner', id, async (tx) => {
    const before = await updateBannerRow(tx, id, b);
    if (!before) throw notFound();
    return { before, after: { id, ...b }, result: null };
  });

export const deleteBanner = (ctx: AppContext, staff: StaffIdentity, id: number) =>
  audited(ctx, staff, 'banner.delete', 'banner', id, async (tx) => {
    const before = await deleteBannerRow(tx, id);
    if (!before) throw notFound();
    return { before, after: null, result: null };
  });

export const postList = (ctx: AppContext, limit: number, offset: number) => listAllPosts(ctx.db.pool, limit, offset);

export const createPost = (ctx: AppContext, staff: StaffIdentity, p: PostInput) =>
  audited(ctx, staff, 'post.create', 'post', null, async (tx) => {
    const id = await insertPostRow(tx, p, ctx.clock.now());
    return { before: null, after: { id, ...p }, result: id };
  });

export const updatePost = (ctx: AppContext, staff: StaffIdentity, id: number, p: PostInput) =>
  audited(ctx, staff, 'post.update', 'post', id, async (tx) => {
    const before = await updatePostRow(tx, id, p, ctx.clock.now());
    if (!before) throw notFound();
    return { before, after: { id, ...p }, result: null };
  });

export const cardTypeList = (ctx: AppContext) => listAllCardTypes(ctx.db.pool);

export const saveCardType = (ctx: AppContext, staff: StaffIdentity, c: CardTypeInput) =>
  audited(ctx, staff, 'card_type.save', 'card_type', c.id, async (tx) => {
    const before = await upsertCardType(tx, c);
    return { before, after: c, result: null };
  });

export const courseList = (ctx: AppContext) => listAllCourses(ctx.db.pool);

export const createCourse = (ctx: AppContext, staff: StaffIdentity, c: PointCourseInput) =>
  audited(ctx, staff, 'point_course.create', 'point_course', null, async (tx) => {
    const id = await insertCourseRow(tx, c);
    return { before: null, after: { id, ...c }, result: id };
  });

export const updateCourse = (ctx: AppContext, staff: StaffIdentity, id: number, c: PointCourseInput) =>
  audited(ctx, staff, 'point_course.update', 'point_course', id, async (tx) => {
    const before = await updateCourseRow(tx, id, c);
    if (!before) throw notFound();
    return { before, after: { id, ...c }, result: null };
  });

export const couponList = (ctx: AppContext) => listAllCoupons(ctx.db.pool);

const codeTaken = () => new AppError('conflict', { code: ['couponCodeTaken'] }, 'code_taken');

export const createCoupon = (ctx: AppContext, staff: StaffIdentity, c: CouponInput) =>
  audited(ctx, staff, 'coupon.create', 'coupon', null, async (tx) => {
    const id = await insertCouponRow(tx, c, ctx.clock.now());
    if (id === null) throw codeTaken();
    return { before: null, after: { id, ...c }, result: id };
  });

/** Changes a coupon; a code another coupon has, or a total below the uses so far, is refused. */
export const updateCoupon = (ctx: AppContext, staff: StaffIdentity, id: number, c: CouponInput) =>
  audited(ctx, staff, 'coupon.update', 'coupon', id, async (tx) => {
    const other = await findCouponIdByCode(tx, c.code);
    if (other !== null && other !== id) throw codeTaken();
    const used = (await listAllCoupons(tx)).find((r) => Number(r.id) === id)?.used_count ?? 0;
    if (c.max_uses && c.max_uses < used) {
      throw AppError.validation('max_uses', adminMsg('intRange', { min: used, max: 10_000_000 }), 'below_uses');
    }
    const before = await updateCouponRow(tx, id, c);
    if (!before) throw notFound();
    return { before, after: { id, ...c }, result: null };
  });
