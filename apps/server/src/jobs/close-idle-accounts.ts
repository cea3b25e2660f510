import type { AppContext } from '../context.ts';
import { closeIdleAccounts } from '../services/programmes/idle-accounts.ts';
import type { Job } from './runner.ts';

/**
 * Closes accounts idle 6 months on the date their notice gave: points expire (ledger 'idle_expiry'), sessions
 * end, no login (spec section 9; ADR 0037). One transaction per member, SKIP LOCKED: safe on many instances.
 */
export const closeIdleAccountsJob: Job = {
  name: 'close-idle-accounts',
  everyMs: 60 * 60_000,
  run: (ctx: AppContext) => closeIdleAccounts(ctx, 50),
};
