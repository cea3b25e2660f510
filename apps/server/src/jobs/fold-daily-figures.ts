import type { AppContext } from '../context.ts';
import { foldDailyFigureDeltas } from '../db/queries/daily-figures.ts';
import type { Job } from './runner.ts';

const BATCH = 5_000;

/**
 * Folds the console's per-day figure deltas (one row per writing statement, appended by triggers; ADR 0040) into
 * one row per day and payment method, so the dashboard and the unused-balance report read a few thousand rows
 * whatever the history's length. Readers add the deltas not folded yet, so how often this runs changes their
 * speed, never their figures. Each batch claims its deltas with SKIP LOCKED: any number of instances may run it.
 */
export const foldDailyFiguresJob: Job = {
  name: 'fold-daily-figures',
  everyMs: 30_000,
  run: (ctx: AppContext) => foldDailyFigureDeltas(ctx.db.pool, BATCH),
};
