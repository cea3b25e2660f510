import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';

/**
 * A background job: claims a small batch with FOR UPDATE SKIP LOCKED and returns how many rows it handled, so
 * any number of instances can run the same job at once. The runner repeats a job while it finds work. Why this
 * runner and not a queue library: docs/decisions/0011-background-jobs.md.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<number>;
}

/** Runs batches of `job` until one finds nothing, `maxBatches` ran, or `stopping()` says the instance is stopping. */
export async function runJobUntilIdle(
  ctx: AppContext,
  job: Job,
  maxBatches = 100,
  stopping: () => boolean = () => false,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches && !stopping(); i++) {
    const n = await job.run(ctx);
    total += n;
    if (n === 0) break;
  }
  return total;
}

/**
 * Runs each job on its interval until the returned stop is called (start.ts passes jobs/index.ts's list). A job
 * whose previous run is still going skips its turn (no overlap within an instance); a failed run is logged and
 * tried again at the next interval (its batches were all-or-nothing). Every run is counted in ctx.metrics (runs,
 * failures, time, rows, lag). Stop runs no new job or batch and waits for the batches in flight.
 */
export function startJobs(ctx: AppContext, log: FastifyBaseLogger, jobs: readonly Job[]): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const busy = new Set<string>();
  let stopped = false;
  for (const job of jobs) {
    ctx.metrics.jobScheduled(job.name, job.everyMs);
    const tick = async () => {
      if (stopped || busy.has(job.name)) return;
      busy.add(job.name);
      const started = performance.now();
      let rows = 0;
      let ok = false;
      try {
        rows = await runJobUntilIdle(ctx, job, 100, () => stopped);
        ok = true;
        if (rows > 0) log.info({ job: job.name, rows }, 'job ran');
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed');
      } finally {
        busy.delete(job.name);
        ctx.metrics.jobRun(job.name, (performance.now() - started) / 1000, rows, ok);
      }
    };
    timers.push(setInterval(tick, job.everyMs).unref());
  }
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    while (busy.size > 0) await new Promise((r) => setTimeout(r, 20));
  };
}
