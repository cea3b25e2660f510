import type { PageObject, PointCourse, PointCourseDetail } from '@oripa/core';
import type { PricedCourse } from '../services/payments/courses.ts';

export const presentCourse = (c: PricedCourse, couponPending: boolean): PointCourse => ({
  id: c.id,
  point: c.point,
  append_point: c.appendPoint,
  price: c.price,
  discount: c.discount,
  memo: c.memo,
  pointPriceUseCoupon: couponPending ? '1' : '0',
  currency: c.currency,
});

/** The course list; is_discount tells the page to show the member's rank bonus column. */
export function presentCourseList(p: { courses: PricedCourse[]; couponPending: boolean; page: PageObject }) {
  return {
    list: p.courses.map((c) => presentCourse(c, p.couponPending)),
    is_discount: p.courses.some((c) => c.appendPoint > 0) ? '1' : '0',
    page: p.page,
  };
}

export function presentCourseDetail(d: { course: PricedCourse; couponPending: boolean; couponPoint: number }) {
  const c = d.course;
  const detail: PointCourseDetail = {
    ...presentCourse(c, d.couponPending),
    coupon_point: d.couponPoint,
    total_point: c.point + c.appendPoint + d.couponPoint,
  };
  return { detail, point: c.point, price: c.price };
}
