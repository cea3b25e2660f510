import type { AppContext } from '../context.ts';
import { watchWaitingStates } from '../services/admin/staff-notices.ts';
import type { Job } from './runner.ts';

/**
 * Finds what waits for staff (a parcel held, a bank transfer to check, an approval to decide) and writes each such
 * state as a staff event once (ADR 0046); the unique state key makes the next runs write nothing for it.
 */
export const watchStaffEventsJob: Job = {
  name: 'watch-staff-events',
  everyMs: 60_000,
  run: (ctx: AppContext) => watchWaitingStates(ctx),
};
