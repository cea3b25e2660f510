import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { allJobs } from './index.ts';

/**
 * A background job: claims a small batch with FOR UPDATE SKIP LOCKED and returns how many rows it handled, so
 * any number of instances can run the same job at once. The runner repeats a job while it finds work.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(ctx: AppContext): Promise<number>;
}

export async function runJobUntilIdle(ctx: AppContext, job: Job, maxBatches = 100): Promise<number> {
  let total = 0;
  for (let i = 0; i < maxBatches; i++) {
    const n = await job.run(ctx);
    total += n;
    if (n === 0) break;
  }
  return total;
}

export function startJobs(ctx: AppContext, log: FastifyBaseLogger): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  let running = 0;
  let stopped = false;
  for (const job of allJobs) {
    const tick = async () => {
      if (stopped) return;
      running++;
      try {
        const n = await runJobUntilIdle(ctx, job);
        if (n > 0) log.info({ job: job.name, rows: n }, 'job ran');
      } catch (err) {
        log.error({ err, job: job.name }, 'job failed');
      } finally {
        running--;
      }
    };
    timers.push(setInterval(tick, job.everyMs).unref());
  }
  return async () => {
    stopped = true;
    timers.forEach(clearInterval);
    while (running > 0) await new Promise((r) => setTimeout(r, 20));
  };
}
