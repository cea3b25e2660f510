import { isMovable, type AppContext } from '../../apps/server/src/context.ts';
import { seedIfEmpty } from '../../apps/server/src/seed/index.ts';
import { planTimeline, type Timeline } from './timeline.ts';

/**
 * Opening day of a fresh shop: its clock set to the opening (nothing has happened on it yet, so no job is skipped)
 * and the demo shop's data seeded then, so its point lots run on the shop's time like everything after.
 */
export async function openShop(ctx: AppContext, days: number, prologueDays: number): Promise<Timeline> {
  const clock = ctx.clock;
  if (!isMovable(clock)) throw new Error("the simulation needs a sandbox shop (its clock is the system's)");
  const timeline = planTimeline(clock.now(), days, prologueDays);
  await clock.moveTo(timeline.opening);
  const seeded = await seedIfEmpty(ctx);
  if (!seeded) throw new Error('the simulation needs a fresh database (this one already has members)');
  return timeline;
}
