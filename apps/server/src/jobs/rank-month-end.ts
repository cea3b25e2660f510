import type { AppContext } from '../context.ts';
import { evaluateMonthEndBatch } from '../services/programmes/ranks/maintenance.ts';
import type { Job } from './runner.ts';

const BATCH = 200;

/**
 * Re-evaluates ranks at the JST month boundary (ADR 0021): every run takes a batch of members not yet judged
 * for the month that ended, claimed with FOR UPDATE SKIP LOCKED (any number of instances, ADR 0011). Most runs
 * find nobody; the first after midnight JST on the 1st does the work.
 */
export const rankMonthEndJob: Job = {
  name: 'rank-month-end',
  everyMs: 10 * 60_000,
  run: (ctx: AppContext) => evaluateMonthEndBatch(ctx, BATCH),
};
