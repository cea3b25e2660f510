import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import type { AppContext } from '../../src/context.ts';
import { startJobs, type Job } from '../../src/jobs/runner.ts';
import { createMetrics } from '../../src/observability/metrics.ts';
import { sample } from './prometheus-text.ts';

// Issue 12 D / ADR 0011: the runner never overlaps a job with itself, stops between batches, and measures runs.
const quietLog = { info() {}, error() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('counts runs, failures and rows, never overlaps a slow job, and stops without starting a new batch', async () => {
  const ctx = { metrics: createMetrics() } as unknown as AppContext;
  let running = 0;
  let overlapped = false;
  let batchesAfterStop = 0;
  let stopped = false;
  const slow: Job = {
    name: 'slow',
    everyMs: 10,
    async run() {
      if (stopped) batchesAfterStop++;
      overlapped ||= running > 0;
      running++;
      await sleep(40);
      running--;
      return 1; // always finds work: only stopping ends its run
    },
  };
  const failing: Job = {
    name: 'failing',
    everyMs: 10,
    async run() {
      throw new Error('boom');
    },
  };
  const stop = startJobs(ctx, quietLog, [slow, failing]);
  await sleep(200);
  stopped = true;
  await stop();
  const text = await ctx.metrics.registry.metrics();

  expect(overlapped).toBe(false);
  expect(batchesAfterStop).toBe(0);
  expect(sample(text, 'oripa_job_runs_total{job="failing",result="error"}')).toBeGreaterThan(3);
  expect(sample(text, 'oripa_job_runs_total{job="slow",result="ok"}')).toBe(1);
  expect(sample(text, 'oripa_job_rows_total{job="slow"}')).toBeGreaterThanOrEqual(3);
  // The failing job has not succeeded since it was scheduled 200 ms ago with a 10 ms interval: it is late.
  const lag = (job: string) => sample(text, `oripa_job_lag_seconds{job="${job}"}`);
  expect(lag('failing')).toBeGreaterThan(0.1);
  expect(lag('slow')).toBeLessThan(lag('failing'));
});
