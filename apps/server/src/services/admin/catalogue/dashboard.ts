import { PAY_ID } from '@oripa/core';
import type { AppContext } from '../../../context.ts';
import {
  dailySeries,
  packsNearSellOut,
  pendingWork,
  periodFigures,
  salesByMethod,
} from '../../../db/queries/admin-dashboard.ts';

const DAY_MS = 24 * 3600_000;
const JST_MS = 9 * 3600_000;
/** A pack with this share of its tickets or less left is "close to selling out". */
export const NEAR_SELL_OUT = 0.2;

/** The start of the Tokyo day `daysAgo` days before today's. */
export function tokyoDayStart(now: Date, daysAgo: number): Date {
  const local = now.getTime() + JST_MS;
  return new Date(local - (local % DAY_MS) - JST_MS - daysAgo * DAY_MS);
}

/** The Tokyo date (YYYY-MM-DD) `daysAgo` days before today's. */
export function tokyoDay(now: Date, daysAgo: number): string {
  return new Date(tokyoDayStart(now, daysAgo).getTime() + JST_MS).toISOString().slice(0, 10);
}

export const PERIODS = { today: 0, '7d': 6, '30d': 29 } as const;
export type Period = keyof typeof PERIODS;

/**
 * The dashboard (issue 10): for today, the last 7 and the last 30 Tokyo days — yen by payment method, points
 * sold, bonus, spent, draws, cards converted and shipped, new members; a daily series for the charts; packs close
 * to selling out; shipments and bank transfers waiting. The figures over time come from the per-day figures
 * (ADR 0040), so they cost the same whatever the history's length.
 */
export async function dashboard(ctx: AppContext, period: Period) {
  const now = ctx.clock.now();
  const from = tokyoDay(now, PERIODS[period]);
  const db = ctx.db.pool;
  const [figures, methods, series, nearSellOut, pending] = await Promise.all([
    periodFigures(db, from),
    salesByMethod(db, from),
    dailySeries(db, tokyoDay(now, 29)),
    packsNearSellOut(db, now, NEAR_SELL_OUT, 10),
    pendingWork(db, PAY_ID.bankTransfer),
  ]);
  return { period, figures, methods, series, nearSellOut, pending };
}
