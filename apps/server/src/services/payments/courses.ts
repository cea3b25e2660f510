import { courseInPurchaseRange, rankBonusForMember, rankDefinition, type Lang } from '@oripa/core';
import type { Queryable } from './db.ts';

export interface CourseRow {
  id: number;
  point: number;
  price: number;
  memo: string;
  memo_en: string;
}

export interface PricedCourse {
  id: number;
  point: number;
  price: number;
  memo: string;
  appendPoint: number;
  discount: number;
}

export const COURSES_PER_PAGE = 20;

export function priceCourse(row: CourseRow, rank: number, lang: Lang): PricedCourse {
  return {
    id: Number(row.id),
    point: Number(row.point),
    price: Number(row.price),
    memo: lang === 'en' && row.memo_en ? row.memo_en : row.memo,
    appendPoint: rankBonusForMember(Number(row.point), rank),
    discount: rankDefinition(rank).discount,
  };
}

export async function memberRank(db: Queryable, memberId: number | null): Promise<number> {
  if (memberId === null) return 1;
  const { rows } = await db.query<{ rank: number }>('SELECT rank FROM members WHERE id = $1', [memberId]);
  return rows[0] ? Number(rows[0].rank) : 1;
}

export async function listCourses(db: Queryable, page: number): Promise<{ rows: CourseRow[]; total: number }> {
  const { rows } = await db.query<CourseRow & { total: number }>(
    `SELECT id, point, price, memo, memo_en, count(*) OVER () AS total FROM point_courses
     WHERE active AND point BETWEEN 300 AND 50000 ORDER BY sort, point, id LIMIT $1 OFFSET $2`,
    [COURSES_PER_PAGE, (page - 1) * COURSES_PER_PAGE],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

/** An active course inside the purchase range, or null (unknown, withdrawn or out of range alike). */
export async function findCourse(db: Queryable, id: number): Promise<CourseRow | null> {
  const { rows } = await db.query<CourseRow>(
    'SELECT id, point, price, memo, memo_en FROM point_courses WHERE id = $1 AND active',
    [id],
  );
  const row = rows[0];
  return row && courseInPurchaseRange(Number(row.point)) ? row : null;
}
