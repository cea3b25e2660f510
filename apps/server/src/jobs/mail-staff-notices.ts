import type { AppContext } from '../context.ts';
import { mailStaffDigest } from '../services/admin/staff-notices.ts';
import type { Job } from './runner.ts';

/**
 * Mails staff the events since the last run, one digest per person (ADR 0046). The interval is the batching: a
 * burst within five minutes is one mail.
 */
export const mailStaffNoticesJob: Job = {
  name: 'mail-staff-notices',
  everyMs: 5 * 60_000,
  run: (ctx: AppContext) => mailStaffDigest(ctx),
};
