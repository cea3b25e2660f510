import { liveHitName, TICKER_NAME_DEFAULT, TICKER_NAMES, type TickerName, type TickerNameReply } from '@oripa/core';
import type { AppContext } from '../context.ts';
import { readTickerName, saveTickerName } from '../db/queries/ticker-name.ts';
import { notFound } from '../app-error.ts';

const known = (v: string): TickerName =>
  (TICKER_NAMES as readonly string[]).includes(v) ? (v as TickerName) : TICKER_NAME_DEFAULT;

/**
 * How the live hit ticker names this member (issue 22 §3, ADR 0059), with the initial it would show, so My Page can
 * say exactly what others would see. The ticker reads the column itself when it reads hits (db/queries/live.ts).
 */
export async function tickerName(ctx: AppContext, memberId: number): Promise<TickerNameReply> {
  const row = await readTickerName(ctx.db.pool, memberId);
  if (!row) throw notFound();
  return { ticker_name: known(row.ticker_name), initial: liveHitName(row.last_name) };
}

/** Saves the choice; hits drawn from now on are shown with it (hits already on the ticker keep their label). */
export async function changeTickerName(ctx: AppContext, memberId: number, choice: TickerName) {
  await saveTickerName(ctx.db.pool, memberId, choice);
  return tickerName(ctx, memberId);
}
