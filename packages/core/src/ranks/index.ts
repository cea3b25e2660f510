import { rankDefinition, RANKS } from '../rank.ts';
import { tokyoMonth } from '../time.ts';

/**
 * Rank programme rules (spec sections 1, 4, 5, 9; issue 11; ADR 0021): the rank-up bonus, the monthly
 * maintenance and the JST month. Pure: the server reads the rows, the web shows the same numbers.
 */

export const TOP_RANK = RANKS.length;

/** Points granted on reaching a rank (ranks 2-6). Rank 7's bonus is a card choice worth RANK7_CARD_POINT. */
export const RANK_UP_BONUS: Readonly<Record<number, number>> = { 2: 500, 3: 1_500, 4: 5_000, 5: 10_000, 6: 30_000 };
/** Spec section 9: the rank-7 bonus is a selectable top-grade card worth 200,000 points. */
export const RANK7_CARD_POINT = 200_000;

/** Yen to pay in a month (JST) to keep a rank at the month's end; rank 1 needs nothing. */
export const RANK_KEEP_AMOUNT: Readonly<Record<number, number>> = {
  2: 3_000,
  3: 10_000,
  4: 30_000,
  5: 50_000,
  6: 100_000,
  7: 200_000,
};

export const keepAmount = (rank: number): number => RANK_KEEP_AMOUNT[rank] ?? 0;

/** The month-end rule: a kept rank stays, an unkept one drops one step (never below 1). */
export function monthEndRank(rank: number, kept: boolean): number {
  return kept ? rank : Math.max(1, rank - 1);
}

export interface MonthStanding {
  rank: number;
  /** Yen paid in the current month. */
  monthBuy: number;
  /** Maintenance bought with coins for this month. */
  bought: boolean;
  /** The member reached this rank during this month (a fresh rank is kept for the month-end). */
  rankedUp: boolean;
}

export interface Maintenance {
  /** The rank is kept at this month's end already (is_maintained). */
  isMaintained: boolean;
  /** Maintenance with coins is offered now (is_rank_maintained: the maintain button shows). */
  offered: boolean;
  /** Coins it costs now: the month's shortfall, 1 coin per yen. */
  coins: number;
  /** The rank the next month starts with if nothing more happens. */
  nextMonthRank: number;
}

export function maintenanceOf(s: MonthStanding): Maintenance {
  const need = keepAmount(s.rank);
  const isMaintained = s.rank <= 1 || s.bought || s.rankedUp || s.monthBuy >= need;
  return {
    isMaintained,
    offered: !isMaintained,
    coins: isMaintained ? 0 : need - s.monthBuy,
    nextMonthRank: monthEndRank(s.rank, isMaintained),
  };
}

/** The JST month of an instant, as its first day 'YYYY-MM-DD' (the period key of the month tables). */
export function rankPeriod(at: Date): string {
  return `${tokyoMonth(at)}-01`;
}

/** The month before a period key. */
export function previousMonth(period: string): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, '0')}-01`;
}

/** The instant a JST month starts (00:00 JST on its first day). */
export function tokyoMonthStart(period: string): Date {
  return new Date(`${period}T00:00:00+09:00`);
}

/** Spec section 5: the bonus percent shown is discount × 100 − 100. */
export const rankDiscountOf = (rank: number): number => rankDefinition(rank).discount;
