import type { AppContext } from '../context.ts';
import { noticeIdleAccounts } from '../services/programmes/idle-accounts.ts';
import type { Job } from './runner.ts';

/** Mails members 30 days before their idle account closes, once per idle period (spec section 9; ADR 0037). */
export const notifyIdleAccountsJob: Job = {
  name: 'notify-idle-accounts',
  everyMs: 60 * 60_000,
  run: (ctx: AppContext) => noticeIdleAccounts(ctx, 50),
};
