import type { AppContext, MovableClock } from '../context.ts';
import { runJobUntilIdle, type Job } from './runner.ts';

/** The longest step of a move: every job runs at least hourly in production too (expiry, notices, month end). */
export const CLOCK_STEP_MS = 60 * 60_000;

export interface ClockMove {
  steps: number;
  /** Rows each job handled during the move, by job name (jobs that found nothing are left out). */
  rows: Record<string, number>;
}

/**
 * Moves the shop clock to `target` as the real time would pass (issue 19, ADR 0034): in steps of at most an hour,
 * and at each step every job, in the list's order, runs until it finds nothing. So a month moved at once judges
 * its month end on the 1st at 00:xx, expires a lot within the hour it falls due and cancels an unpaid order then,
 * in the order they fell due, not all at the target time. The caller serialises moves.
 */
export async function moveClockRunningJobs(
  ctx: AppContext,
  clock: MovableClock,
  target: Date,
  jobs: readonly Job[],
  stepMs = CLOCK_STEP_MS,
): Promise<ClockMove> {
  const rows: Record<string, number> = {};
  let steps = 0;
  for (;;) {
    const now = clock.now().getTime();
    const next = Math.min(target.getTime(), now + stepMs);
    if (next > now) await clock.moveTo(new Date(next));
    steps++;
    for (const job of jobs) {
      const n = await runJobUntilIdle(ctx, job);
      if (n > 0) rows[job.name] = (rows[job.name] ?? 0) + n;
    }
    if (next >= target.getTime()) return { steps, rows };
  }
}
