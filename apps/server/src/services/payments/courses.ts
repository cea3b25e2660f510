import {
  couponBonusPoints,
  courseInPurchaseRange,
  pageObject,
  rankBonusForMember,
  rankDefinition,
  type Lang,
  type PageObject,
} from '@oripa/core';
import { AppError } from '../../app-error.ts';
import type { Queryable } from '../../db/queryable.ts';
import { findMemberById } from '../../db/queries/members.ts';
import { findActiveCourse, listActiveCourses, type CourseRow } from '../../db/queries/point-courses.ts';
import { pendingCouponBonus } from '../coupons.ts';

export type { CourseRow };

export interface PricedCourse {
  id: number;
  point: number;
  price: number;
  memo: string;
  appendPoint: number;
  discount: number;
  currency: 'point' | 'coin';
}

export const COURSES_PER_PAGE = 20;

export function priceCourse(row: CourseRow, rank: number, lang: Lang): PricedCourse {
  return {
    id: Number(row.id),
    point: Number(row.point),
    price: Number(row.price),
    memo: lang === 'en' && row.memo_en ? row.memo_en : row.memo,
    // Coins carry no rank bonus (ADR 0020).
    appendPoint: row.currency === 'coin' ? 0 : rankBonusForMember(Number(row.point), rank),
    discount: row.currency === 'coin' ? 1 : rankDefinition(rank).discount,
    currency: row.currency,
  };
}

/** A guest (or an unknown member) prices at rank 1. */
export async function memberRank(db: Queryable, memberId: number | null): Promise<number> {
  if (memberId === null) return 1;
  const m = await findMemberById(db, memberId);
  return m ? Number(m.rank) : 1;
}

export async function listCourses(
  db: Queryable,
  page: number,
  currency: 'point' | 'coin' = 'point',
): Promise<{ rows: CourseRow[]; total: number }> {
  return listActiveCourses(db, COURSES_PER_PAGE, (page - 1) * COURSES_PER_PAGE, currency);
}

/** An active course inside the purchase range, or null (unknown, withdrawn or out of range alike). */
export async function findCourse(db: Queryable, id: number): Promise<CourseRow | null> {
  const row = await findActiveCourse(db, id);
  return row && courseInPurchaseRange(Number(row.point)) ? row : null;
}

/** A course on sale with its base point and price (the pay list's point and price); not found otherwise. */
export async function purchasableCourse(db: Queryable, id: number): Promise<{ point: number; price: number }> {
  const row = await findCourse(db, id);
  if (!row) throw new AppError('not_found', { point_price_id: ['courseNotFound'] }, 'course_not_found');
  return { point: Number(row.point), price: Number(row.price) };
}

/** One page of courses priced for the member (guests: base prices), and whether a bonus coupon is waiting. */
export async function coursePage(
  db: Queryable,
  memberId: number | null,
  page: number,
  lang: Lang,
  currency: 'point' | 'coin' = 'point',
): Promise<{ courses: PricedCourse[]; couponPending: boolean; page: PageObject }> {
  const rank = await memberRank(db, memberId);
  const coupon = currency === 'coin' ? null : await pendingCouponBonus(db, memberId);
  const { rows, total } = await listCourses(db, page, currency);
  return {
    courses: rows.map((r) => priceCourse(r, rank, lang)),
    couponPending: coupon !== null,
    page: pageObject(page, total, COURSES_PER_PAGE),
  };
}

/** One course priced for the member, with the points a waiting bonus coupon would add to it. */
export async function courseDetail(
  db: Queryable,
  memberId: number | null,
  id: number,
  lang: Lang,
): Promise<{ course: PricedCourse; couponPending: boolean; couponPoint: number }> {
  const row = await findCourse(db, id);
  if (!row) throw new AppError('not_found', { point_price_id: ['courseNotFound'] }, 'course_not_found');
  const course = priceCourse(row, await memberRank(db, memberId), lang);
  const coupon = course.currency === 'coin' ? null : await pendingCouponBonus(db, memberId);
  return { course, couponPending: coupon !== null, couponPoint: coupon ? couponBonusPoints(course.point, coupon) : 0 };
}
