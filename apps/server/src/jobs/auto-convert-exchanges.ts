import { DECISION_WINDOW_MS } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { claimUndecidedExchanges } from '../db/queries/exchange.ts';
import { withTransaction } from '../db/transaction.ts';
import { convertExchange } from '../services/programmes/exchange/exchange.ts';
import type { Job } from './runner.ts';

const BATCH = 200;

/**
 * Exchanged cards left undecided for 24 hours convert to points, like drawn cards (spec section 4), exactly once:
 * each batch is claimed with SKIP LOCKED, and a member's decision on a claimed order waits, then answers '-1'.
 * Must-ship cards are not claimed; they wait for the member to ship them.
 */
export async function autoConvertExchanges(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (tx) => {
    const rows = await claimUndecidedExchanges(tx, new Date(now.getTime() - DECISION_WINDOW_MS), BATCH);
    for (const o of rows) await convertExchange(tx, o.member_id, o.id, o, now, 'exchange_auto_conversion');
    return rows.length;
  });
}

export const autoConvertExchangesJob: Job = {
  name: 'auto-convert-exchanges',
  everyMs: 60_000,
  run: autoConvertExchanges,
};
