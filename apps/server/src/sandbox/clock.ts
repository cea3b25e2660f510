import { toTokyoIso } from '@oripa/core';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { isMovable } from '../context.ts';
import { allJobs } from '../jobs/index.ts';
import { moveClockRunningJobs } from '../jobs/run-due.ts';

/** Ten years: a move longer than that is a typo, not a test. */
const MAX_ADVANCE_SECONDS = 10 * 366 * 24 * 3600;

const moveSchema = z.union([
  z.object({ advance_seconds: z.number().int().min(0).max(MAX_ADVANCE_SECONDS) }).strict(),
  z.object({ now: z.string().datetime({ offset: true }) }).strict(),
]);

/**
 * The shop clock, as a payment provider's test clock (issue 19, DESIGN.md section 3, ADR 0034):
 * `GET /sandbox/clock` answers `{now}`; `POST /sandbox/clock` `{advance_seconds}` or `{now}` moves it forward
 * (never back) and runs every job that fell due on the way, in order, before answering. Moves on this instance
 * are serialised; the offset is shared with the other instances through the database.
 */
export const sandboxClock: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  let moving: Promise<unknown> = Promise.resolve();

  app.get('/clock', async () => ({ now: toTokyoIso(ctx.clock.now()) }));

  app.post('/clock', async (request, reply) => {
    const parsed = moveSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      return reply
        .code(400)
        .send({ error: 'expected JSON {"advance_seconds": N} (0..10 years) or {"now": "<ISO 8601 with offset>"}' });
    }
    const clock = ctx.clock;
    if (!isMovable(clock)) return reply.code(409).send({ error: "this shop's clock is the system clock" });
    const move = async () => {
      const now = clock.now();
      const target =
        'now' in parsed.data ? new Date(parsed.data.now) : new Date(now.getTime() + parsed.data.advance_seconds * 1000);
      if (target.getTime() < now.getTime()) {
        return { refused: `the clock never moves back: it is ${toTokyoIso(now)}` };
      }
      return moveClockRunningJobs(ctx, clock, target, allJobs);
    };
    const result = moving.then(move, move);
    moving = result.catch(() => {});
    const done = await result;
    if ('refused' in done) return reply.code(400).send({ error: done.refused });
    return { now: toTokyoIso(clock.now()), steps: done.steps, jobs: done.rows };
  });
};
