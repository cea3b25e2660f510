import type { AppContext } from '../context.ts';
import { releaseWithdrawnBatch } from '../services/programmes/withdrawal.ts';
import type { Job } from './runner.ts';

/** Frees the mail address and phone of accounts withdrawn more than 90 days ago (issue 11; SKIP LOCKED). */
export const releaseWithdrawnJob: Job = {
  name: 'release-withdrawn',
  everyMs: 60 * 60_000,
  run: (ctx: AppContext) => releaseWithdrawnBatch(ctx, 200),
};
