import type { Queryable } from '../queryable.ts';

/** A committed write of one row: fails when the database cannot take writes (read-only, disk full). */
export async function writeReadinessBeat(db: Queryable): Promise<void> {
  await db.query('UPDATE readiness_probe SET beat_at = now()');
}
