import { maintenanceOf, monthEndRank, previousMonth, rankPeriod, type Maintenance } from '@oripa/core';
import { AppError } from '../../../app-error.ts';
import type { AppContext } from '../../../context.ts';
import type { Queryable } from '../../../db/queryable.ts';
import {
  claimMembersToEvaluate,
  insertRankEvent,
  lockMemberRank,
  monthStanding,
  setRankEvaluated,
} from '../../../db/queries/ranks.ts';
import { withTransaction } from '../../../db/transaction.ts';
import { changeCoins } from '../../ledger.ts';

/**
 * Monthly rank maintenance (spec sections 1, 2, 4; ADR 0021). A rank above 1 is kept at the JST month's end when
 * the member paid its keep amount in that month, reached it during the month, or bought the maintenance with
 * coins (`/user/buy_rank`, 1 coin per yen short); otherwise it drops one step. The month-end job applies it.
 */

/** The member's standing this month, for the current user and the maintenance modals. */
export async function rankStanding(db: Queryable, memberId: number, rank: number, now: Date): Promise<Maintenance> {
  if (rank <= 1) return maintenanceOf({ rank, monthBuy: 0, bought: false, rankedUp: false });
  return maintenanceOf({ rank, ...(await monthStanding(db, memberId, rankPeriod(now))) });
}

export interface RankPurchase {
  rank: number;
  nextMonthRank: number;
  coinsUsed: number;
  coinBefore: number;
  coinAfter: number;
}

/** `POST /api/user/buy_rank`: spends this month's shortfall in coins to keep the rank; refused when not offered. */
export async function buyRankMaintenance(ctx: AppContext, memberId: number): Promise<RankPurchase> {
  const now = ctx.clock.now();
  const period = rankPeriod(now);
  return withTransaction(ctx.db, async (tx) => {
    const member = await lockMemberRank(tx, memberId);
    if (!member) throw new AppError('not_found', { general: ['notFound'] });
    const m = maintenanceOf({ rank: member.rank, ...(await monthStanding(tx, memberId, period)) });
    if (!m.offered) throw AppError.validation('general', 'rankMaintenanceNotOffered', 'rank_not_offered');
    if (member.coin_balance < m.coins) throw AppError.validation('general', 'insufficientCoins', 'insufficient_coins');
    const eventId = await insertRankEvent(tx, {
      memberId,
      kind: 'maintained',
      fromRank: member.rank,
      toRank: member.rank,
      period,
      coins: m.coins,
      now,
    });
    const { balance } = await changeCoins(tx, {
      memberId,
      amount: -m.coins,
      reason: 'rank_maintenance',
      refType: 'rank_event',
      refId: eventId,
      memo: `rank ${member.rank}`,
      now,
    });
    return {
      rank: member.rank,
      nextMonthRank: member.rank,
      coinsUsed: m.coins,
      coinBefore: member.coin_balance,
      coinAfter: balance,
    };
  });
}

/**
 * One batch of the month-end evaluation for the month that just ended (JST): members claimed with SKIP LOCKED,
 * each judged once for that month (its cursor and the unique month_end event), so N instances share the work.
 * Returns how many members it evaluated.
 */
export async function evaluateMonthEndBatch(ctx: AppContext, limit: number): Promise<number> {
  const now = ctx.clock.now();
  const period = previousMonth(rankPeriod(now));
  return withTransaction(ctx.db, async (tx) => {
    const members = await claimMembersToEvaluate(tx, period, limit);
    for (const { id, rank } of members) {
      const m = maintenanceOf({ rank, ...(await monthStanding(tx, id, period)) });
      const next = monthEndRank(rank, m.isMaintained);
      await insertRankEvent(tx, { memberId: id, kind: 'month_end', fromRank: rank, toRank: next, period, now });
      await setRankEvaluated(tx, id, next, period);
    }
    return members.length;
  });
}
