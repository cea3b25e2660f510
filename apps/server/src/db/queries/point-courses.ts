import { many, maybeOne, type Queryable } from '../queryable.ts';

export interface CourseRow {
  id: number;
  point: number;
  price: number;
  memo: string;
  memo_en: string;
  /** Points, or coins (issue 11, ADR 0020): a coin course is bought the same way and credits coins. */
  currency: 'point' | 'coin';
}

/** One page of the active courses a member may buy (300 to 50,000 points), in display order, and their count. */
export async function listActiveCourses(
  db: Queryable,
  limit: number,
  offset: number,
  currency: 'point' | 'coin' = 'point',
): Promise<{ rows: CourseRow[]; total: number }> {
  const rows = await many<CourseRow & { total: number }>(
    db,
    `SELECT id, point, price, memo, memo_en, currency, count(*) OVER () AS total FROM point_courses
     WHERE active AND currency = $3 AND point BETWEEN 300 AND 50000 ORDER BY sort, point, id LIMIT $1 OFFSET $2`,
    [limit, offset, currency],
  );
  return { rows, total: rows[0] ? Number(rows[0].total) : 0 };
}

export async function findActiveCourse(db: Queryable, id: number): Promise<CourseRow | null> {
  return maybeOne<CourseRow>(
    db,
    'SELECT id, point, price, memo, memo_en, currency FROM point_courses WHERE id = $1 AND active',
    [id],
  );
}
