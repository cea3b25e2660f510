import { oneNumber, type Queryable } from '../queryable.ts';

/** How far the shop's time runs ahead of the real time (the shop_clock row, migration 0018). */
export const readClockOffset = (db: Queryable): Promise<number> => oneNumber(db, 'SELECT offset_ms FROM shop_clock');

/**
 * Moves the shared offset forward to `offsetMs`, never back: a slower instance's older move cannot undo a newer
 * one. Answers the offset in force afterwards.
 */
export const advanceClockOffset = (db: Queryable, offsetMs: number): Promise<number> =>
  oneNumber(db, `UPDATE shop_clock SET offset_ms = GREATEST(offset_ms, $1), moved_at = now() RETURNING offset_ms`, [
    offsetMs,
  ]);
